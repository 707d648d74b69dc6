/*
 * Root bracketing of the degree-7 polynomial p(x) = x^7 + x^3 + x - c
 * (Horner form) by K bisection steps from [0, HI], for a symbolic c in
 * [1, 100]; checks that the final bracket still brackets: p(lo) <= 0 <=
 * p(hi). Each step's sign test is a loop-free branch: 2^K paths without
 * state merging (--merge=on joins the two sides of each step).
 *
 * Correct (HI = 2): p(0) = -c < 0 and p(2) = 138 - c > 0; each step keeps
 *   the invariant p(lo) <= 0 < p(hi) by construction (lo moves to mid only
 *   when p(mid) <= 0, hi only when p(mid) > 0), and p is evaluated by the
 *   same code each time, so the final check sees the same values.
 * BUG (HI = 1.5): p(1.5) = 21.96 < c for c > 21.96: the initial bracket
 *   does not bracket, every step moves lo, and p(hi) < 0 (c = 100).
 */
#include <assert.h>
#include "klee/klee.h"

#define K 10
#ifdef BUG
#define HI 1.5
#else
#define HI 2.0
#endif

static double p(double x, double c) { return ((((x * x) * x * x + 1.0) * x) * x + 1.0) * x - c; }

int main(void) {
  double c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume(c >= 1.0 & c <= 100.0);
  double lo = 0.0, hi = HI;
  for (int k = 0; k < K; k++) {
    double mid = (lo + hi) / 2.0;
    if (p(mid, c) <= 0.0)
      lo = mid;
    else
      hi = mid;
  }
  assert(p(lo, c) <= 0.0 && p(hi, c) >= 0.0);
  return 0;
}
