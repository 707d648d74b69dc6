/*
 * A damped rotation driven by fresh inputs x in [-1, 1] (a two-variable
 * linear recurrence, the zonotope/ellipsoid case):
 *   p' = 0.6 p - 0.7 q + x,   q' = 0.7 p + 0.6 q,
 * checking |p| <= BOUND and |q| <= 9 at every step.
 *
 * Correct (BOUND = 9): the matrix has spectral radius sqrt(0.85) < 1; over
 *   the reals |p| <= sum_k |(M^k e1)_p| = 8.3621 and |q| <= 7.7937 (the
 *   sums of the impulse responses). The rounding errors per step (below
 *   5 * 2^-24 * 9) pass through the same responses: under 3e-5 more.
 * BUG (BOUND = 1.55): x = 1, 1 gives p = 1, then 1.6.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#ifdef BUG
#define BOUND 1.55
#else
#define BOUND 9.0
#endif

int main(void) {
  double p = 0.0, q = 0.0;
  for (int i = 0; i < N; i++) {
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
    double np = 0.6 * p - 0.7 * q + x;
    double nq = 0.7 * p + 0.6 * q;
    p = np;
    q = nq;
    __VERIFIER_assert(p >= -BOUND && p <= BOUND && q >= -9.0 && q <= 9.0);
  }
  return 0;
}
