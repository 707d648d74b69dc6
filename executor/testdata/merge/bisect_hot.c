// Bisection with concrete bounds (benchmarks/explode/poly_bracket's
// shape): lo and hi are concrete on every path and every later step's
// branch reads them. --merge=on merges them into if-then-else values;
// --merge=auto's query count estimation refuses (a hot variable concrete
// in both states), so auto explores the paths as off does. The bracket
// [0, 4] misses the root of x - c for c in (4, 8].
// expect-error: assert 24
// expect-merged: 1
// expect-auto-merged: 0
#include <assert.h>
#include "klee/klee.h"
int main(void) {
  double c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume(c >= 0.0 & c <= 8.0);
  double lo = 0.0, hi = 4.0;
  for (int k = 0; k < 3; k++) {
    double mid = (lo + hi) / 2.0;
    if (mid - c <= 0.0)
      lo = mid;
    else
      hi = mid;
  }
  assert(lo - c <= 0.0 && hi - c >= 0.0);
  return 0;
}
