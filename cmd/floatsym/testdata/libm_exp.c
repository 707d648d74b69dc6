#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

/* exp(x) == 1 exactly only at x = ±0 (and, in glibc, for tiny |x|): the
   special-point fact exp(±0) = 1 lets --libm=uninterpreted find an input
   that replays natively. */
int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  double y = exp(x);
  if (y == 1.0)
    abort(); /* line 13 */
  return 0;
}
