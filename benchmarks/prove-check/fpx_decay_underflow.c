/*
 * fpx_decay_underflow: a false property a prover must never prove.
 * check-fp: underflow (the property: no operation raises FE_UNDERFLOW).
 *
 * x = 0.9 x from 1, k times, k in [0, 1000]: 0.9^k stays normal (above
 * FLT_MIN = 2^-126) for about 830 steps, then the product is tiny and
 * inexact: underflow, only after many iterations. TWIN: x = 0.9 x +
 * 0.001 stays above 0.01.
 * Witness: fpx_decay_underflow.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: underflow
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 1000);
  float x = 1.0f;
  for (int i = 0; i < k; i++) {
#ifdef TWIN
    x = 0.9f * x + 0.001f;
#else
    x = 0.9f * x;
#endif
  }
  return x > 0.5f;
}
