/*
 * Secant iteration for the root of f(x) = x^2 - c on [1, 2], c in [1, 4],
 * 8 steps.  Without a stopping test, an iteration that lands exactly on
 * the root (f = 0) makes the next step divide 0 by 0.
 *
 * Default (bug): c = 4: f(2) = 0, the next iterate is 2 again and
 *   (x1 - x0) / (f1 - f0) = 0/0 = NaN.
 * GUARD (correct, checked exhaustively): the step is skipped once
 *   f1 == f0; x stays finite.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#define STEPS 8

int main(void) {
  float c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume((c >= 1.0f) & (c <= 4.0f));
  float x0 = 1.0f, x1 = 2.0f;
  float f0 = x0 * x0 - c, f1 = x1 * x1 - c;
  for (int k = 0; k < STEPS; k++) {
#ifdef GUARD
    if (f1 == f0)
      break;
#endif
    float x2 = x1 - f1 * (x1 - x0) / (f1 - f0);
    x0 = x1;
    f0 = f1;
    x1 = x2;
    f1 = x1 * x1 - c;
  }
  assert(isfinite(x1));
  return 0;
}
