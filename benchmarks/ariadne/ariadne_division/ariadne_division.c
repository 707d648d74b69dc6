/*
 * Ariadne's r = nu / x (Barr et al., POPL 2013): x = 0 with nu = 0 is an
 * invalid operation (NaN), x = 0 with nu != 0 a division by zero (inf),
 * and |nu| > |x| DBL_MAX an overflow (inf).  Floating-point division does
 * not trap, so the program checks the result.
 *
 * Default (bug): nu and x only finite; three witnesses, one location.
 * GUARDED (correct): |nu| <= 1e150 and |x| >= 1e-150 (checked by the
 *   program), so |nu / x| <= 1e300: finite, never NaN.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double nu, x;
  klee_make_symbolic(&nu, sizeof nu, "nu");
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(isfinite(nu) & isfinite(x));
#ifdef GUARDED
  if (fabs(nu) > 1e150 || fabs(x) < 1e-150)
    return 0;
#endif
  double r = nu / x;
  assert(isfinite(r));
  return 0;
}
