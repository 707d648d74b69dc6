/*
 * Adding +0.0 is not the identity (-0.0 + +0.0 = +0.0 under round to
 * nearest) but subtracting +0.0 is (-0.0 - +0.0 = -0.0, +0.0 - +0.0 = +0.0,
 * and x - 0 = x exactly for x != 0).
 *
 * BUG: y = x + 0 loses the sign of x = -0.0.
 * Correct (no BUG): y = x - 0 keeps the sign bit of every non-NaN x.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(!isnan(x));
#ifdef BUG
  TYPE y = x + (TYPE)0;
#else
  TYPE y = x - (TYPE)0;
#endif
  assert(!signbit(y) == !signbit(x));
  return 0;
}
