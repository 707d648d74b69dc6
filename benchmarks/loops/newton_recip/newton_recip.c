/*
 * Reciprocal by Newton-Raphson (division-free): for each of N fresh
 * inputs d in [1, 2], x_0 = 24/17 - 8/17 d, then K steps
 * x <- x (2 - d x); checks |d x - 1| <= 1e-6.
 *
 * Correct (K = 3): the initial relative error |1 - d x_0| is at most 1/17
 *   on [1, 2] (the minimax line), and each step squares it: 1/17, 3.5e-3,
 *   1.2e-5, 1.4e-10; then only rounding is left (each step a few float
 *   ulps, 2^-24 = 6e-8; the check rounds d*x once more): 3 steps hold;
 *   all 2^23 floats of [1, 2] natively: at most 1.2e-7.
 * BUG (K = 1): d = 1 gives x_0 = 16/17: after one step
 *   |d x - 1| = (1/17)^2 = 3.5e-3.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 10000
#endif
#ifdef BUG
#define K 1
#else
#define K 3
#endif

int main(void) {
  for (int i = 0; i < N; i++) {
    float d = __VERIFIER_nondet_float();
    __VERIFIER_assume(d >= 1.0f && d <= 2.0f);
    float x = 24.0f / 17.0f - 8.0f / 17.0f * d;
    for (int k = 0; k < K; k++)
      x = x * (2.0f - d * x);
    float e = d * x - 1.0f;
    __VERIFIER_assert(e <= 1e-6f && -e <= 1e-6f);
  }
  return 0;
}
