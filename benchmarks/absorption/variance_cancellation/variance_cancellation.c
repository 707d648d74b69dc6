/*
 * The one-pass variance E[x^2] - E[x]^2 of two values can come out
 * negative through cancellation; the two-pass form (mean first, then the
 * mean of the squared deviations) cannot: it is a sum of squares.
 *
 * Inputs: x, y in [-1000, 1000].
 * NAIVE (bug): see the spec for a witness (x = y with a rounding
 *   error in x*x + y*y that exceeds the one in m*m).
 * Default (correct): dx*dx + dy*dy >= 0 for finite dx, dy and halving
 *   keeps the sign; the values are bounded, so nothing overflows.
 */
#include "svcomp/svcomp.h"

int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = __VERIFIER_nondet_float();
  __VERIFIER_assume(x >= -1000.0f && x <= 1000.0f);
  __VERIFIER_assume(y >= -1000.0f && y <= 1000.0f);
  float m = (x + y) / 2.0f;
  float v;
#ifdef NAIVE
  v = (x * x + y * y) / 2.0f - m * m;
#else
  float dx = x - m, dy = y - m;
  v = (dx * dx + dy * dy) / 2.0f;
#endif
  __VERIFIER_assert(v >= 0.0f);
  return 0;
}
