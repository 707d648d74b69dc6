/*
 * A rate limiter (SV-COMP's rlim_* shape): the output y follows fresh
 * inputs x in [-128, 128] from y = 50 but moves at most D = 100 per step;
 * checks |y| <= 128 at every step.
 *
 * Correct: y moves to x itself, or by D toward x only when x is more than
 *   D away: then y + D < x over the reals, and rounding is monotone with x
 *   a float, so the rounded y + D is at most x (symmetrically for y - D):
 *   y stays between its old value and x, inside [-128, 128].
 * BUG (the downward case adds D too): x = -128 gives y = 150 at once.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#define D 100.0f

int main(void) {
  float y = 50.0f;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -128.0f && x <= 128.0f);
    float delta = x - y;
    if (delta >= -D) {
      if (delta <= D)
        y = x;
      else
        y = y + D;
    } else {
#ifdef BUG
      y = y + D;
#else
      y = y - D;
#endif
    }
    __VERIFIER_assert(y >= -128.0f && y <= 128.0f);
  }
  return 0;
}
