/*
 * newton_rm: a false property a prover must never prove.
 *
 * Five Newton steps x <- (x + a/x)/2 from (1 + a)/2 for sqrt(a), a in
 * [1, 4] (float), in the rounding mode m: a native sweep of all floats
 * gives |x x - a| <= 2^-22 to nearest (reached), but upward a = 4 ends at
 * x x - a = 1.5 * 2^-20 (downward and toward zero reach -2^-21). The mode
 * is an input. Targets the subdivision's rounding-error terms per mode
 * (absint/affine.go: half an ulp only when the mode is known to be to
 * nearest). TWIN: m = 0 (to nearest) only.
 * Witness: newton_rm.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include "svcomp/svcomp.h"

static void set_mode(int m) {
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
}

int main(void) {
  int m = __VERIFIER_nondet_int();
#ifdef TWIN
  __VERIFIER_assume(m == 0);
#else
  __VERIFIER_assume(m >= 0 && m <= 3);
#endif
  for (int i = 0; i < 1000; i++) {
    float a = __VERIFIER_nondet_float();
    __VERIFIER_assume(a >= 1.0f && a <= 4.0f);
    set_mode(m);
    float x = (1.0f + a) / 2.0f;
    for (int k = 0; k < 5; k++)
      x = (x + a / x) / 2.0f;
    float r = x * x - a;
    fesetround(FE_TONEAREST);
    assert(r <= 0x1p-22f && -r <= 0x1p-22f);
  }
  return 0;
}
