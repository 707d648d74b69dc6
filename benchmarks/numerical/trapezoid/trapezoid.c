/*
 * Composite trapezoid rule with N = 4 panels for the integral of x^2 over
 * [a, b], a <= b: the result is a product h * s of non-negative factors,
 * so it should be >= 0.
 *
 * Default (bug): a and b only finite: a = b = 1e20 gives f(a) = +inf
 *   (float) and h = 0, so h * s = 0 * inf = NaN.
 * BOUNDED (correct): |a|, |b| <= 1e18: f <= 1e36 is finite, s is a finite
 *   sum of 5 such values (<= 5e36), h = (b - a)/4 is finite and >= 0,
 *   so h * s is >= 0 (possibly +inf, never NaN).
 */
#include <math.h>
#include "svcomp/svcomp.h"

#define N 4

static float f(float x) { return x * x; }

int main(void) {
  float a = __VERIFIER_nondet_float();
  float b = __VERIFIER_nondet_float();
#ifdef BOUNDED
  __VERIFIER_assume(a >= -1e18f && b <= 1e18f);
#else
  __VERIFIER_assume(isfinite(a) && isfinite(b));
#endif
  __VERIFIER_assume(a <= b);
  float h = (b - a) / N;
  float s = (f(a) + f(b)) / 2.0f;
  for (int i = 1; i < N; i++)
    s += f(a + i * h);
  float t = h * s;
  if (!(t >= 0.0f))
    __VERIFIER_error();
  return 0;
}
