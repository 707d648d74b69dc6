/*
 * First-order low-pass filter y <- A*y + B*x over N fresh inputs
 * x in [-10, 10] (SV-COMP float-benchs' filter1 shape), checking |y| <= 10.01
 * at every step.
 *
 * Correct (A = 0.9f, B = 0.1f): over the reals |y| <= A*|y| + B*10 keeps
 *   |y| <= 10 (fixed point 10 since A + B = 1). In float, A + B = 1 +
 *   1.5e-8 and each step adds at most 3 rounding errors of 2^-24 relative,
 *   so the fixed point of M = (A*M + B*10)(1 + 2^-23) is below 10 + 3e-5:
 *   10.01 holds with a wide margin.
 * BUG (B = 0.5f): the gain A + B = 1.4 > 1, the fixed point is 50 and
 *   x = 10 three times gives y = 5, 9.5, 13.55 (> 10.01).
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#define A 0.9f
#ifdef BUG
#define B 0.5f
#else
#define B 0.1f
#endif

int main(void) {
  float y = 0.0f;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -10.0f && x <= 10.0f);
    y = A * y + B * x;
    __VERIFIER_assert(y >= -10.01f && y <= 10.01f);
  }
  return 0;
}
