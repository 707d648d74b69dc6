/*
 * eq_sub_round: a false property a prover must never prove.
 *
 * d = fl(1 - y) >= 1 does not give 1 - y >= 1: y = 2^-25 makes 1 - y a tie
 * between 1 - 2^-24 and 1, rounded (to even) to 1. So y <= 0 fails there.
 * A backward step of d = fl(x - y) must only give x - y > pred(1).
 * TWIN: y <= 2^-25.
 * Witness: eq_sub_round.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  float y = __VERIFIER_nondet_float();
  __VERIFIER_assume(y >= 0.0f && y <= 1.0f);
  float x = 1.0f;
  float d = x - y;
  if (d >= 1.0f) {
#ifdef TWIN
    assert(y <= 0x1p-25f);
#else
    assert(y <= 0.0f);
#endif
  }
  return 0;
}
