/*
 * Midpoint of x <= y (Ariadne's Sterbenz average example): the result
 * should lie in [x, y].
 *
 * NAIVE (bug): (x + y) / 2 overflows for x = y = DBL_MAX.
 * HALVES (bug): x/2 + y/2 underflows: x = y = 2^-1074 gives 0 < x.
 * Default (correct): same signs: x + (y - x)/2, where d = RN(y - x)
 *   cannot overflow; if y - x is exact, RN(d/2) <= d = y - x, otherwise
 *   |y - x| >= 2^-1021, d/2 is exact and < y - x; either way
 *   x + RN(d/2) is in [x, y] before rounding, hence after.  Opposite
 *   signs: x + y is in [x, y] and cannot overflow, and (x + y)/2 is in
 *   [x/2, y/2], inside [x, y].
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x, y, m;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume(isfinite(x) & isfinite(y) & (x <= y));
#if defined(NAIVE)
  m = (x + y) / 2;
#elif defined(HALVES)
  m = x / 2 + y / 2;
#else
  if ((x < 0) == (y < 0))
    m = x + (y - x) / 2;
  else
    m = (x + y) / 2;
#endif
  assert(m >= x && m <= y);
  return 0;
}
