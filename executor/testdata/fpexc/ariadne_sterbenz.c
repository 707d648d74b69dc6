// Ariadne: the average (x+y)/2.0 underflows (e.g. x = -3.337611e-308,
// y = 2.225074e-308): the sum is exact, its half is tiny and inexact.
// check-fp: underflow
// expect-fpexc: underflow 12
#include "klee/klee.h"

int main(void) {
  double x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume(x >= -1.0 && x <= 1.0 && y >= -1.0 && y <= 1.0);
  double avg = (x + y) / 2.0;
  return avg > 0;
}
