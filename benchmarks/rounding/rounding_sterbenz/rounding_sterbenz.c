/*
 * Sterbenz lemma: if y/2 <= x <= 2y then x - y is exact, in every rounding
 * mode.  Then (x - y) + y = x exactly too.
 *
 * Correct (no BUG): x, y positive and finite with y/2 <= x <= 2y (the
 * bounds are evaluated in floating point: 2y is exact or +inf, which keeps
 * x <= 2y true of the exact values; y/2 rounds only when it is subnormal,
 * and if it rounded down to x = fl(y/2) < y/2, then y - x is about y/2,
 * a multiple of the smallest subnormal below the smallest normal, hence
 * representable).  So d = x - y is exact and d + y = x is exact, whatever
 * the symbolic rounding mode m.
 * BUG: without the Sterbenz assumption, x = 2^-30, y = 1 under
 * round-to-nearest gives d = -1, d + y = 0 != x.
 */
#include <assert.h>
#include <fenv.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y;
  int m;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume((x > 0) & (y > 0) & isfinite(x) & isfinite(y));
#ifndef BUG
  klee_assume((y / 2 <= x) & (x <= 2 * y));
#endif
  klee_assume((m >= 0) & (m <= 3));
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
  TYPE d = x - y;
  TYPE s = d + y;
  fesetround(FE_TONEAREST);
  assert(s == x);
  return 0;
}
