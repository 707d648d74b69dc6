// A clamp whose three sides join before the check: the error is found on
// the merged state, and its test (one model of the disjunction) must
// replay natively on the side it picks: only the middle side reaches
// y == 0.25.
// expect-error: assert 20
// expect-merged: 1
// expect-auto-merged: 1
#include <assert.h>
#include "klee/klee.h"
int main(void) {
  float x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 1.0f)
    y = 1.0f;
  else if (x < -1.0f)
    y = -1.0f;
  else
    y = x * x;
  y = y + 0.5f;
  assert(y != 0.75f);
  return 0;
}
