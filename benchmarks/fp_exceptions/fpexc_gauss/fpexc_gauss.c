/*
 * Ariadne's Gaussian prefactor pre = 1/sqrt(2*pi*x): 2*pi*x overflows for
 * |x| >= 2.861117e+307 (Ariadne reports x = +-2.861117e+307).  The
 * overflow is decided on the rounded product: x just below the threshold
 * rounds to DBL_MAX, not to infinity.
 *
 * Default (bug): x in (1e300, 1e308).
 * BOUNDED (correct): x in (1e300, 2.8e307), so |2*pi*x| < 1.76e308 < DBL_MAX.
 */
#include <math.h>
#include "klee/klee.h"

#define PI 3.14159265358979323846 /* M_PI, which -std=c99 does not define */

#ifdef BOUNDED
#define HI 2.8e307
#else
#define HI 1e308
#endif

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (!(x > 1e300 && x < HI))
    return 0;
  double t = 2.0 * PI * x;
  double pre = 1.0 / sqrt(t);
  return pre > 0;
}
