// Ariadne: pre = 1.0/sqrt(2.0*M_PI*x) overflows for |x| near 2.861117e+307.
// check-fp: overflow
// expect-fpexc: overflow 13
// expect-incomplete: the overflow and divbyzero checks of 1/sqrt(...) exceed the check timeout
// expect-absrange: x 2.861117e307 1e308
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 1e300 && x < 1e308);
  double pre = 1.0 / sqrt(2.0 * M_PI * x);
  return pre > 0;
}
