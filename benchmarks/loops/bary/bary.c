/*
 * Barycentric smoothing (SV-COMP's bary / bary_diverge shape): the new
 * value is a weighted mean of a fresh input x in [-1, 1] and the two last
 * values, s <- WX x + W0 s0 + W1 s1, over N steps; checks |s| <= 1.001.
 *
 * Correct (WX = 0.5, W0 = 0.3, W1 = 0.2): the weights are positive and sum
 *   to 1 + 1.5e-8 in float; with M the bound of the state,
 *   M' <= (0.5 + 0.5000000149 M)(1 + 2^-22) keeps M below 1 + 1e-6.
 * BUG (bary_diverge: W0 = 0.9, W1 = 0.3, WX = 0.3): the state weights
 *   sum to 1.2; x = 1 four times gives 0.3, 0.57, 0.903, 1.2837.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#ifdef BUG
#define WX 0.3f
#define W0 0.9f
#define W1 0.3f
#else
#define WX 0.5f
#define W0 0.3f
#define W1 0.2f
#endif

int main(void) {
  float s0 = 0.0f, s1 = 0.0f;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    float s = WX * x + W0 * s0 + W1 * s1;
    s1 = s0;
    s0 = s;
    __VERIFIER_assert(s >= -1.001f && s <= 1.001f);
  }
  return 0;
}
