/*
 * K Newton iterations x <- (x + a/x) / 2 for sqrt(a), starting at x = a,
 * then a relative residual check |x*x - a| <= 1e-6 a.
 *
 * LO=0 (bug): a = 0 gives 0/0 = NaN in the first iteration.
 * LO=1, HI=1e6 (bug): K = 6 iterations are too few for a = 1e6 (the
 *   first steps only halve x).
 * LO=1, HI=4 (correct, checked exhaustively): the relative error of x
 *   starts at sqrt(a) - 1 <= 1 and squares each step (1, 0.25, 0.025,
 *   3e-4, 5e-8, then rounding level), so after 6 steps the residual is a
 *   few ulps.
 */
#include "svcomp/svcomp.h"

#define K 6

int main(void) {
  float a = __VERIFIER_nondet_float();
  __VERIFIER_assume(a >= LO && a <= HI);
  float x = a;
  for (int i = 0; i < K; i++)
    x = (x + a / x) / 2.0f;
  float res = x * x - a;
  __VERIFIER_assert(res <= 1e-6f * a && -res <= 1e-6f * a);
  return 0;
}
