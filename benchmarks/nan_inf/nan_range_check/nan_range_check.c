/*
 * A range check written as "reject if x < lo or x > hi" lets NaN through
 * (every ordered comparison with NaN is false); "accept if lo <= x <= hi"
 * does not.
 *
 * Default (bug): x = NaN passes the check and t = (x + 1) / 2 is NaN.
 * FIX: for x in [-1, 1], x + 1 is in [0, 2] (exactly, then rounded
 * monotonically between the representable bounds 0 and 2) and the halving
 * keeps it in [0, 1], so 0 <= t <= 1.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef FIX
  if (!(x >= -1 && x <= 1))
    return 0;
#else
  if (x < -1 || x > 1)
    return 0;
#endif
  TYPE t = (x + 1) / 2;
  assert(t >= 0 && t <= 1);
  return 0;
}
