/*
 * IEEE 754 requires sqrt(-0) = -0, so "x >= 0 implies sqrt(x) is
 * non-negative in sign" is false for x = -0.0.
 *
 * Default (bug): x = -0.0.
 * FIX: sqrt(fabs(x)): fabs(-0) = +0 and sqrt(+0) = +0; for x > 0 and
 *   x = +inf the root is positive.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0);
#ifdef FIX
  TYPE r = sqrt(fabs(x));
#else
  TYPE r = sqrt(x);
#endif
  assert(!signbit(r));
  return 0;
}
