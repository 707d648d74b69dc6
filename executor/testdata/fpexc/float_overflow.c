// float (SSE): x * 1e30f overflows; the conversion to double and back
// does not.
// check-fp: overflow,invalid
// expect-fpexc: overflow 11
// expect-fpexc: invalid 11
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  float r = x * 1e30f;
  double d = r;
  return d > 1.0;
}
