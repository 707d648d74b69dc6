/*
 * Second-order recursive filter y_n = 1.5 y_{n-1} - 0.7 y_{n-2} + x_n over
 * N fresh inputs x in [-1, 1] (the shape of Feret's digital filters and of
 * SV-COMP's filter2), checking |y| <= BOUND at every step.
 *
 * Correct (BOUND = 10): the poles have modulus sqrt(0.7) < 1; over the
 *   reals |y_n| <= sum_k |h_k| * max|x| = 9.2733 (h the impulse response,
 *   h_0 = 1, h_1 = 1.5, h_k = 1.5 h_{k-1} - 0.7 h_{k-2}). Each step's
 *   rounding errors (at most 4 * 2^-24 * 12 < 3e-6) are themselves filtered
 *   by the same response: at most 9.28 * 3e-6 more. 10 holds.
 * BUG (BOUND = 4): x = 1, 1, 1 gives y = 1, 2.5, 4.05.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#ifdef BUG
#define BOUND 4.0f
#else
#define BOUND 10.0f
#endif

int main(void) {
  float y1 = 0.0f, y2 = 0.0f;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    float y = 1.5f * y1 - 0.7f * y2 + x;
    y2 = y1;
    y1 = y;
    __VERIFIER_assert(y >= -BOUND && y <= BOUND);
  }
  return 0;
}
