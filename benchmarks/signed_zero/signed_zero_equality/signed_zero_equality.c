/*
 * x == y does not imply f(x) == f(y): +0.0 == -0.0 but 1/+0 = +inf and
 * 1/-0 = -inf.
 *
 * BUG: x = +0.0, y = -0.0.
 * Correct (NONZERO): with x == y and x != 0 the two values are the same
 * float (equality of non-NaN, non-zero floats is identity), so 1/x and
 * 1/y are the same correctly rounded quotient (for +-inf both are the
 * same signed zero, which compare equal anyway).
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume(!isnan(x) & !isnan(y));
#ifdef NONZERO
  if (x == y && x != 0)
#else
  if (x == y)
#endif
    assert(1 / x == 1 / y);
  return 0;
}
