/*
 * First-order IIR low-pass (exponential smoothing) y <- y + alpha (x - y)
 * with a constant input x, 4 steps.  Over the reals y moves
 * monotonically from y0 towards x and never leaves [min(x, y0), max(x, y0)].
 *
 * Inputs: x, y0 in [-1, 1], 0 < alpha <= 1.
 * Default (bug): the real-number invariant is asserted after every step;
 *   y0 = -2^-25, x = 1/2 + 2^-24, alpha = 1: x - y0 rounds up (tie to
 *   even) to 1/2 + 2^-23 and y0 + that rounds up again, above x.
 * LOOSE (correct): |y| <= 1.001.  Each step computes a convex
 *   combination of values of magnitude at most M with three roundings, so
 *   M grows by at most a factor (1 + 2^-24)^3 per step: after 4 steps
 *   |y| <= 1 + 1e-6.
 */
#include <assert.h>
#include "klee/klee.h"

#define STEPS 4

int main(void) {
  float x, y0, alpha;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y0, sizeof y0, "y0");
  klee_make_symbolic(&alpha, sizeof alpha, "alpha");
  klee_assume((x >= -1.0f) & (x <= 1.0f) & (y0 >= -1.0f) & (y0 <= 1.0f));
  klee_assume((alpha > 0.0f) & (alpha <= 1.0f));
  float lo = x < y0 ? x : y0, hi = x < y0 ? y0 : x;
  float y = y0;
  for (int k = 0; k < STEPS; k++) {
    y = y + alpha * (x - y);
#ifdef LOOSE
    (void)lo;
    (void)hi;
    assert(y >= -1.001f && y <= 1.001f);
#else
    assert(y >= lo && y <= hi);
#endif
  }
  return 0;
}
