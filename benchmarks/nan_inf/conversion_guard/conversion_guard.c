/*
 * Guarding a float-to-int conversion with "x > INT_MAX" is wrong in single
 * precision: INT_MAX converts to 2147483648.0f, so x = 2^31 passes the
 * guard and (int)x would be undefined.  In double precision INT_MAX is
 * exact and the guard is right.
 *
 * TYPE=float: bug, x = 2^31.
 * TYPE=double: correct.  After the guard, NaN is gone and
 *   INT_MIN <= x <= INT_MAX exactly, so (double)x <= 2147483647.
 */
#include <assert.h>
#include <limits.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x != x)
    return 0;
  if (x < (TYPE)INT_MIN || x > (TYPE)INT_MAX)
    return 0;
  assert((double)x <= 2147483647.0);
  int i = (int)x;
  return i & 1;
}
