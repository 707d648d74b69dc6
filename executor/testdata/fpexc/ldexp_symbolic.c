// scalbn/ldexp with a symbolic exponent keep their flags symbolic:
// ldexp(x, n) overflows when x*2^n is beyond the largest finite number,
// underflows when it is tiny and inexact (x*2^n, n < 0, loses bits), for
// float, double and long double (x87) alike. Each report replays natively
// with the trap enabled.
// check-fp: overflow,underflow
// expect-fpexc: overflow 25
// expect-fpexc: underflow 25
// expect-fpexc: overflow 26
// expect-fpexc: underflow 26
// expect-fpexc: overflow 27
// expect-fpexc: underflow 27
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x;
  float f;
  long double l;
  int n;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&f, sizeof f, "f");
  klee_make_symbolic(&l, sizeof l, "l");
  klee_make_symbolic(&n, sizeof n, "n");
  double r = ldexp(x, n);
  float g = scalbnf(f, n);
  long double m = scalbnl(l, n);
  return r > 1.0 && g > 1.0f && m > 1.0L;
}
