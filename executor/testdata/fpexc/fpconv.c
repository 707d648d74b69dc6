// fptosi of NaN or an out-of-range value is undefined: reported as fpconv
// (natively: UBSan float-cast-overflow).
// check-fp: fpconv
// expect-kind: fpconv 10
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  int i = (int)x;
  return i == 7;
}
