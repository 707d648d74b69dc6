// The exact libm models give their exception conditions symbolically:
// remquo(x, y) is invalid for y == 0 or an infinite x (and for a
// signalling NaN), frexp and modf only for a signalling NaN. --check-fp
// finds each on symbolic arguments and every report replays with the trap
// enabled.
// check-fp: invalid
// expect-fpexc: invalid 21
// expect-fpexc: invalid 22
// expect-fpexc: invalid 23
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x, y;
  double d, d2;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&d, sizeof d, "d");
  klee_make_symbolic(&d2, sizeof d2, "d2");
  int q = 0, e = 0;
  double ip, m = frexp(d, &e);
  float r = remquof(x, y, &q);
  double f = modf(d2, &ip);
  (void)m, (void)r, (void)f;
  return 0;
}
