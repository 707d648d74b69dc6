/* libm on symbolic input. */
#include "klee/klee.h"
#include <assert.h>
#include <math.h>
int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0.5 && x < 4.0);
  double y = sin(x) * exp(x) + log(x) + pow(x, 1.5) + atan2(x, 2.0);
  if (y > 10.0)
    return 1;
  assert(!isnan(y));
  return 0;
}
