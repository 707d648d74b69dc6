/*
 * rint() rounds to an integer in the current rounding mode, so code that
 * uses it as "round to nearest" breaks when the mode has been changed.
 *
 * BUG: asserts |rint(x) - x| <= 0.5 in every mode; under FE_UPWARD,
 *   x = 0.25 gives rint(x) = 1.
 * Correct (no BUG): asserts the property of each mode: to nearest
 *   |r - x| <= 0.5, upward r >= x, downward r <= x, toward zero
 *   |r| <= |x|.  For |x| < 2^(p-1) the difference r - x is a multiple of
 *   ulp(x) of magnitude < 1, hence exact; for larger |x|, r = x.
 */
#include <assert.h>
#include <fenv.h>
#include <tgmath.h>
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
  klee_assume((m >= 0) & (m <= 3));
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
  TYPE r = rint(x);
  fesetround(FE_TONEAREST);
#ifdef BUG
  assert(fabs(r - x) <= (TYPE)0.5);
#else
  switch (m) {
  case 0: assert(fabs(r - x) <= (TYPE)0.5); break;
  case 1: assert(r >= x); break;
  case 2: assert(fabs(r) <= fabs(x)); break;
  default: assert(r <= x); break;
  }
#endif
  return 0;
}
