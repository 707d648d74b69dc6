/*
 * The textbook hypotenuse sqrt(x*x + y*y) overflows although the result
 * is representable; scaling by max(|x|, |y|) avoids it.
 *
 * Inputs: |x|, |y| <= B (B = 1e30 for float, 1e300 for double).
 * NAIVE (bug): x = 1e20 (float) / 1e200 (double), y = 0: x*x = +inf.
 * Default (correct): with m = max(|x|, |y|) > 0, u = |x|/m and v = |y|/m
 *   are in [0, 1] and one of them is exactly 1, so u*u + v*v is in [1, 2],
 *   its root in [1, 1.5) and r = m * root <= 1.5 B: finite.  m = 0 gives 0.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y, r;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume((x >= -B) & (x <= B) & (y >= -B) & (y <= B));
#ifdef NAIVE
  r = sqrt(x * x + y * y);
#else
  TYPE ax = fabs(x), ay = fabs(y);
  TYPE m = ax > ay ? ax : ay;
  if (m == 0) {
    r = 0;
  } else {
    TYPE u = ax / m, v = ay / m;
    r = m * sqrt(u * u + v * v);
  }
#endif
  assert(isfinite(r));
  return 0;
}
