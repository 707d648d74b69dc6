/* Uses the mini library: a NaN passes mini_range_ok, so the mean is NaN
 * and the assertion fails inside the path through the library. */
#include <assert.h>
#include <klee/klee.h>
#include "mini.h"

int main(void) {
  double x[3];
  klee_make_symbolic(x, sizeof x, "x");
  if (!mini_range_ok(x, 3, -10.0, 10.0))
    return 1;
  double m = mini_mean(x, 3);
  assert(m >= -10.0 && m <= 10.0);
  return 0;
}
