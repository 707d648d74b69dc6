/*
 * A saturating integrator: y accumulates fresh increments x in [-1, 1]
 * and is saturated to [-1, 1]; checks |y| <= 1 after every update.
 *
 * Correct: the saturation is applied after the addition (any float sum is
 *   clamped back into [-1, 1]).
 * BUG (saturation before the addition, the classic misplaced clamp):
 *   x = 1 twice gives y = 1, then clamp(1) + 1 = 2.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif

static double sat(double v) { return v > 1.0 ? 1.0 : v < -1.0 ? -1.0 : v; }

int main(void) {
  double y = 0.0;
  for (int i = 0; i < N; i++) {
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
#ifdef BUG
    y = sat(y) + x;
#else
    y = sat(y + x);
#endif
    __VERIFIER_assert(y >= -1.0 && y <= 1.0);
  }
  return 0;
}
