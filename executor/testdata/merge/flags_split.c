// One side raises the inexact flag (x / 3 for most x), the other does not:
// their FP status differs, so the sides must not merge (a merged state
// would have to carry one side's flags for both). The bug: an inexact
// division on the x > 1 side.
// expect-error: assert 21
// expect-merged: 0
// expect-auto-merged: 0
#include <assert.h>
#include <fenv.h>
#include "klee/klee.h"
int main(void) {
  float x;
  volatile float y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= -4.0f & x <= 4.0f);
  feclearexcept(FE_ALL_EXCEPT);
  if (x > 1.0f)
    y = x / 3.0f;
  else
    y = 0.0f;
  assert(!fetestexcept(FE_INEXACT));
  return 0;
}
