/*
 * The sign of an exact zero difference depends on the rounding mode:
 * IEEE 754 (6.3) makes x - x = +0 in every rounding direction except
 * roundTowardNegative, where it is -0.  1/(x - x) is then +inf or -inf.
 *
 * The rounding mode is chosen by a symbolic int m (one path per mode).
 * Default: modes 0..3, the assertion fails under FE_DOWNWARD (m = 3).
 * NO_DOWNWARD: modes 0..2 only.  Correct: x is finite, so x - x is an exact
 * zero, which is +0 under to-nearest, upward and toward-zero; 1/+0 = +inf.
 */
#include <assert.h>
#include <fenv.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  int m;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume(isfinite(x));
#ifdef NO_DOWNWARD
  klee_assume((m >= 0) & (m <= 2));
#else
  klee_assume((m >= 0) & (m <= 3));
#endif
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
  TYPE z = x - x;
  fesetround(FE_TONEAREST);
  TYPE r = 1 / z;
  assert(r > 0);
  return 0;
}
