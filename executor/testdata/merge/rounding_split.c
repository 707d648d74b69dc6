// One side changes the rounding mode: the sides' states differ in their
// mode and must not merge (the later addition rounds differently on each).
// The bug is only on the upward side: 1 + 2^-30 rounds up to 1 + 2^-23.
// expect-error: assert 22
// expect-merged: 0
// expect-auto-merged: 0
#include <assert.h>
#include <fenv.h>
#include "klee/klee.h"
#pragma STDC FENV_ACCESS ON
int main(void) {
  float x;
  int up;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&up, sizeof up, "up");
  klee_assume(x == 0x1p-30f);
  if (up)
    fesetround(FE_UPWARD);
  else
    x = x * 1.0f;
  volatile float y = 1.0f + x;
  assert(y == 1.0f);
  return 0;
}
