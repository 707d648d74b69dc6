// Nested loop-free branches join at one block: the inner group merges
// first, then the outer one; registers and a stack array differ. The
// assertion fails only for x in [2, 3) and b's sign set.
// expect-error: assert 26
// expect-merged: 1
// expect-auto-merged: 1
// expect-auto-fewer
#include <assert.h>
#include "klee/klee.h"
int main(void) {
  double x;
  int b;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&b, sizeof b, "b");
  double v[2] = {0, 0};
  if (x >= 2.0) {
    if (x < 3.0)
      v[0] = x - 2.0;
    else
      v[1] = 1.0;
  } else {
    v[1] = -1.0;
  }
  double s = v[0] + v[1];
  if (b < 0)
    assert(s <= 0.0 || s >= 1.0);
  return 0;
}
