/*
 * Householder's third-order (Halley) iteration for sqrt(a),
 * x <- x (x^2 + 3a) / (3x^2 + a), from x = 1, for each of N fresh inputs
 * a in [0.25, 4] (double); checks |x*x - a| <= 1e-12 a.
 *
 * Correct (K = 5): with x = sqrt(a) (1 + e) one step gives exactly
 *   e' = e^3 / (3 (1 + e)^2 + 1); e_0 = 1/sqrt(a) - 1 is in [-0.5, 1], so
 *   |e_1| <= 1/13, |e_2| <= 1.2e-4, |e_3| <= 4e-13, e_4 below rounding;
 *   each step adds a few ulps (2^-52 relative): a 2*10^7-point sweep of
 *   [0.25, 4] natively gives at most 1.0e-15 a. 5 steps hold.
 * BUG (K = 2): a = 4: x = 1, 1.857, 1.99985: x*x - 4 = -6e-4.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 10000
#endif
#ifdef BUG
#define K 2
#else
#define K 5
#endif

int main(void) {
  for (int i = 0; i < N; i++) {
    double a = __VERIFIER_nondet_double();
    __VERIFIER_assume(a >= 0.25 && a <= 4.0);
    double x = 1.0;
    for (int k = 0; k < K; k++)
      x = x * (x * x + 3.0 * a) / (3.0 * x * x + a);
    double r = x * x - a;
    __VERIFIER_assert(r <= 1e-12 * a && -r <= 1e-12 * a);
  }
  return 0;
}
