/*
 * fpx_scale_underflow: a false property a prover must never prove.
 * check-fp: underflow (the property: no operation raises FE_UNDERFLOW).
 *
 * x / 8 is exact while the quotient is normal: x in [2^-125, 1] lets it
 * fall below FLT_MIN, and x = (1 + 2^-23) 2^-125 gives a quotient whose
 * last bit is below the smallest subnormal: tiny and inexact, underflow.
 * TWIN: x at least 2^-120 (quotients at least 2^-123, exact).
 * Witness: fpx_scale_underflow.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: underflow
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  float x = __VERIFIER_nondet_float();
#ifdef TWIN
  __VERIFIER_assume(x >= 0x1p-120f && x <= 1.0f);
#else
  __VERIFIER_assume(x >= 0x1p-125f && x <= 1.0f);
#endif
  float y = x / 8.0f;
  return y > 0.01f;
}
