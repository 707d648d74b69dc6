/*
 * Ariadne's Gaussian prefactor pre = 1/sqrt(2 pi x): 2 pi x overflows for
 * x > DBL_MAX / (2 pi) (about 2.861117e307), sqrt(inf) = inf and pre = 0.
 *
 * Default (bug): x > 0 only; x = 1e308.
 * BOUNDED (correct): 0 < x <= 1e300: 2 pi x <= 6.3e300, its root is at
 *   most 8e150, pre >= 1.2e-151 > 0; at the bottom x = 2^-1074 gives
 *   2 pi x about 3e-323, root about 5.6e-162, pre about 1.8e161: finite.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

static const double two_pi = 6.283185307179586;

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef BOUNDED
  klee_assume((x > 0) & (x <= 1e300));
#else
  klee_assume(x > 0);
#endif
  double pre = 1.0 / sqrt(two_pi * x);
  assert(pre > 0 && isfinite(pre));
  return 0;
}
