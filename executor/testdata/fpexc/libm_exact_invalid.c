// The exact libm models give their exception conditions symbolically:
// remquo(x, y) is invalid for y == 0 or an infinite x (and for a
// signalling NaN), frexp and modf only for a signalling NaN, lrint for a
// NaN or a value out of long's range, ilogb for 0, NaN and infinities.
// --check-fp finds each on symbolic arguments and every report replays
// with the trap enabled.
// check-fp: invalid
// expect-fpexc: invalid 28
// expect-fpexc: invalid 29
// expect-fpexc: invalid 30
// expect-fpexc: invalid 31
// expect-fpexc: invalid 32
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x, y;
  double d, d2;
  float y2;
  long double l;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&d, sizeof d, "d");
  klee_make_symbolic(&d2, sizeof d2, "d2");
  klee_make_symbolic(&y2, sizeof y2, "y2");
  klee_make_symbolic(&l, sizeof l, "l");
  int q = 0, e = 0;
  double ip, m = frexp(d, &e);
  float r = remquof(x, y, &q);
  double f = modf(d2, &ip);
  long li = lrintf(y2);
  int il = ilogbl(l);
  (void)m, (void)r, (void)f, (void)li, (void)il;
  return 0;
}
