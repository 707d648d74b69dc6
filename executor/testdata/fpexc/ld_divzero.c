// long double (x87): a division by zero and an overflow, trapped natively
// on the x87.
// check-fp: divbyzero,overflow
// expect-fpexc: divbyzero 12
// expect-fpexc: overflow 12
// expect-fpexc: overflow 13 (and 1/x overflows at 12 for a tiny subnormal x)
#include "klee/klee.h"

int main(void) {
  long double x;
  klee_make_symbolic(&x, sizeof x, "x");
  long double r = 1.0L / x;
  long double s = x * x;
  return r > s;
}
