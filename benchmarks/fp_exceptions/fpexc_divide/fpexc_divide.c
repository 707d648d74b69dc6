/*
 * Ariadne's r = nu / x as floating-point exceptions (floatsym
 * --check-fp): x = 0 with nu finite and nonzero divides by zero, x = 0
 * with nu = 0 is invalid (0/0).  The division itself is the bug location;
 * no assertion is needed, the exception is the property.
 *
 * Default (bug): any nu, x.
 * GUARDED (correct for division by zero): x is finite and nonzero,
 *   checked before dividing.  (Not for invalid: the guard's comparisons
 *   themselves raise invalid on a signalling NaN input.)
 */
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double nu, x;
  klee_make_symbolic(&nu, sizeof nu, "nu");
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef GUARDED
  if (!(x != 0 && fabs(x) <= 1e308 && fabs(nu) <= 1e308))
    return 0;
#endif
  double r = nu / x;
  return r > 1.0;
}
