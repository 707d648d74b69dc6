/*
 * Linear interpolation between a <= b with t in [0, 1].  The common
 * formula a + t*(b - a) can overshoot b because b - a is rounded (up).
 *
 * Inputs: a, b in [-1e30, 1e30], a <= b, 0 <= t <= 1.
 * Default (bug): a = -2^-24, b = 1 + 2^-23, t = 1: b - a rounds up to
 *   1 + 2^-22 and a + (1 + 2^-22) rounds to 1 + 2^-22 > b.
 * TWO_SIDED (correct): for t < 1/2, d = RN(b - a) <= (b - a)(1 + u), so
 *   RN(t d) <= (b - a)(1 + u)^2 / 2 < b - a and a + RN(t d) is in [a, b)
 *   before rounding, in [a, b] after (a, b representable, rounding
 *   monotone).  For t >= 1/2, 1 - t is exact (Sterbenz) and <= 1/2 and
 *   the same argument applies to b - RN((1 - t) d).  (If b - a is exact,
 *   RN(t d) <= d gives the same bounds.)  No overflow: |b - a| <= 2e30.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE a, b, t, r;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_assume((a >= (TYPE)-1e30) & (a <= b) & (b <= (TYPE)1e30));
  klee_assume((t >= 0) & (t <= 1));
#ifdef TWO_SIDED
  if (t < (TYPE)0.5)
    r = a + t * (b - a);
  else
    r = b - (1 - t) * (b - a);
#else
  r = a + t * (b - a);
#endif
  assert(r >= a && r <= b);
  return 0;
}
