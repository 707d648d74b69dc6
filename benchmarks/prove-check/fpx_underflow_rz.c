/*
 * fpx_underflow_rz: a false property a prover must never prove.
 * check-fp: underflow (the property: no operation raises FE_UNDERFLOW).
 *
 * (float)(x * 2^-127) for x in [2 - 2^-24, 2]: the double is at least
 * 2^-126 - 2^-151, the midpoint between FLT_MIN and the largest 24-bit
 * value below it. x86 detects tininess after rounding (24 bits, unbounded
 * exponent): round-to-nearest takes the midpoint up to the even FLT_MIN,
 * not tiny, no underflow; round-toward-zero takes it down: tiny and
 * inexact, underflow. TWIN: round-to-nearest.
 * Witness: fpx_underflow_rz.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: underflow
#include <assert.h>
#include <fenv.h>
#include "svcomp/svcomp.h"

int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 0x1.ffffffp0 && x <= 2.0);
#ifdef TWIN
  fesetround(FE_TONEAREST);
#else
  fesetround(FE_TOWARDZERO);
#endif
  float r = (float)(x * 0x1p-127);
  return r > 0.0f;
}
