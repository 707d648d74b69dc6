// Ariadne's r = nu/x: (0,0) is invalid, x = 0 with nu != 0 divides by zero.
// check-fp: divbyzero,invalid
// expect-fpexc: divbyzero 11
// expect-fpexc: invalid 11
#include "klee/klee.h"

int main(void) {
  double nu, x;
  klee_make_symbolic(&nu, sizeof nu, "nu");
  klee_make_symbolic(&x, sizeof x, "x");
  double r = nu / x;
  return r > 1.0;
}
