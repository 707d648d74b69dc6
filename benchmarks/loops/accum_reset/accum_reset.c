/*
 * An accumulator with periodic reset: the sum of fresh inputs x in [0, 1]
 * is reset every P = 3 additions; checks sum <= 3 at every step.
 *
 * Correct: at most 3 inputs are summed since the last reset; rounding to
 *   nearest is monotone, so fl(fl(a + b) + c) <= fl(fl(1 + 1) + 1) = 3.
 * BUG (off by one: the reset test is count > P): four additions, x = 1
 *   four times gives 4.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#define P 3

int main(void) {
  float sum = 0.0f;
  int count = 0;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    sum = sum + x;
    count++;
    __VERIFIER_assert(sum <= 3.0f);
#ifdef BUG
    if (count > P) {
#else
    if (count >= P) {
#endif
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
