/*
 * fpx_int_conv: a false property a prover must never prove.
 * check-fp: inexact (the property: no operation raises FE_INEXACT).
 *
 * (float)n for an int n in [0, 2^24 + 1]: every integer up to 2^24 is a
 * float, 2^24 + 1 = 16777217 is not: inexact. TWIN: n at most 2^24.
 * Witness: fpx_int_conv.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: inexact
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  int n = __VERIFIER_nondet_int();
#ifdef TWIN
  __VERIFIER_assume(n >= 0 && n <= 16777216);
#else
  __VERIFIER_assume(n >= 0 && n <= 16777217);
#endif
  float f = (float)n;
  return f > 1.0f;
}
