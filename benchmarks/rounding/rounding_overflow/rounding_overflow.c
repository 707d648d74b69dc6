/*
 * Overflow depends on the rounding mode: an overflowing result is +-inf
 * under round-to-nearest, but +-MAX when rounding toward zero, and only
 * the overflow toward the rounding direction gives infinity under the
 * directed modes (RD: -inf for negative results, MAX for positive ones).
 *
 * MODE=FE_TOWARDZERO (correct): for finite x, x * 2 rounded toward zero
 *   is finite: an overflow saturates at +-MAX, anything else is finite.
 * MODE=FE_DOWNWARD (bug): x = -MAX gives -inf.
 * SYMBOLIC_MODE (bug): the mode is chosen by a symbolic int m in 0..3;
 *   m = 0 (to nearest) with x = MAX gives +inf.
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
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(isfinite(x));
#ifdef SYMBOLIC_MODE
  int m;
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume((m >= 0) & (m <= 3));
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
#else
  fesetround(MODE);
#endif
  TYPE y = x * 2;
  fesetround(FE_TONEAREST);
  assert(isfinite(y));
  return 0;
}
