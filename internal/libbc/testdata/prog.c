/* Uses the mini library: a NaN passes mini_range_ok (written with <
 * rather than !(x >= lo)), so the assertion after the library's check
 * fails for x = NaN. */
#include <assert.h>
#include <klee/klee.h>
#include "mini.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (!mini_range_ok(&x, 1, -10.0, 10.0))
    return 1;
  assert(x >= -10.0);
  return 0;
}
