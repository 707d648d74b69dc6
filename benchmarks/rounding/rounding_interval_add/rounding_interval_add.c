/*
 * Interval addition with directed rounding: lo = x + y rounded downward,
 * hi = x + y rounded upward, n = x + y rounded to nearest.
 *
 * BUG: asserts lo == hi, which only holds when the sum is exact
 * (e.g. x = 1, y = 2^-30 is inexact in single and double precision).
 * Correct (no BUG): asserts lo <= n <= hi.  Rounding is monotone and
 * RD(s) <= s <= RU(s) with RN(s) in {RD(s), RU(s)}, also on overflow
 * (RD gives MAX, RU gives +inf) and for exact zeros (RD gives -0, which
 * compares equal to +0).  NaN is excluded by the finiteness assumption.
 */
#include <fenv.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
  TYPE y = NONDET(TYPE);
  __VERIFIER_assume(isfinite(x) && isfinite(y));
  fesetround(FE_DOWNWARD);
  TYPE lo = x + y;
  fesetround(FE_UPWARD);
  TYPE hi = x + y;
  fesetround(FE_TONEAREST);
  TYPE n = x + y;
#ifdef BUG
  (void)n;
  __VERIFIER_assert(lo == hi);
#else
  __VERIFIER_assert(lo <= n && n <= hi);
#endif
  return 0;
}
