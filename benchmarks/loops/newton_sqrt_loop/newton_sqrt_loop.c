/*
 * For each of N fresh inputs a in [1, 100], K Newton steps
 * x <- (x + a/x) / 2 from x = (1 + a) / 2, then the residual check
 * |x*x - a| <= 1e-5 a (SV-COMP's newton_* programs in a loop).
 *
 * Correct (K = 10): x_0 >= sqrt(a) (AM-GM) and the relative error
 *   e = x/sqrt(a) - 1 starts at most (101/2)/10 - 1 = 4.05 and obeys
 *   e' = e^2 / (2 (1 + e)): 4.05, 1.62, 0.50, 0.083, 3.2e-3, 5e-6, 1.3e-11;
 *   after 7 steps only rounding remains (each step's error is a few ulps:
 *   x*x - a is then within 4 ulps of a, below 1e-5 a). 10 steps hold;
 *   all 2^23 * 6.6 floats of [1, 100] natively: at most 2.4e-7 a.
 * BUG (K = 4): a = 100: 50.5, 26.24, 15.03, 10.84, and 10.84^2 - 100 = 17.5.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 10000
#endif
#ifdef BUG
#define K 4
#else
#define K 10
#endif

int main(void) {
  for (int i = 0; i < N; i++) {
    float a = __VERIFIER_nondet_float();
    __VERIFIER_assume(a >= 1.0f && a <= 100.0f);
    float x = (1.0f + a) / 2.0f;
    for (int k = 0; k < K; k++)
      x = (x + a / x) / 2.0f;
    float r = x * x - a;
    __VERIFIER_assert(r <= 1e-5f * a && -r <= 1e-5f * a);
  }
  return 0;
}
