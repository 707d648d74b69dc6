/*
 * filter_one_ulp: a false property a prover must never prove.
 *
 * A first-order filter y <- 0.5 y + 0.5 x over 20 inputs in [0, 1] (array):
 * over the reals y < 1 stays strictly below 1 after any finite number of
 * steps from 0 ... but in float 0.5 y + 0.5 rounds to 1 once y is within
 * an ulp: y < 1 fails for all-ones input after 25 steps; here 30 steps.
 * TWIN: y <= 1.
 * Witness: filter_one_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x[30];
  klee_make_symbolic(x, sizeof x, "x");
  float y = 0.0f;
  for (int i = 0; i < 30; i++) {
    klee_assume(x[i] >= 0.0f & x[i] <= 1.0f);
    y = 0.5f * y + 0.5f * x[i];
  }
#ifdef TWIN
  assert(y <= 1.0f);
#else
  assert(y < 1.0f);
#endif
  return 0;
}
