/*
 * eq_add_round: a false property a prover must never prove.
 *
 * s = fl(a + b) <= 1 does not give a + b <= 1: a = 1, b = 2^-25 is a tie
 * between 1 and 1 + 2^-23, rounded (to even) to 1, while the exact sum
 * (in double) is 1 + 2^-25. A backward step of s = fl(a + b) must only
 * give a + b < succ(1).
 * TWIN: a + b <= 1 + 2^-24 (every sum above it rounds past 1).
 * Witness: eq_add_round.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  float a = __VERIFIER_nondet_float(), b = __VERIFIER_nondet_float();
  __VERIFIER_assume(a >= 0.0f && a <= 1.0f && b >= 0.0f && b <= 1.0f);
  float s = a + b;
  if (s <= 1.0f) {
#ifdef TWIN
    assert((double)a + (double)b <= 1.0 + 0x1p-24);
#else
    assert((double)a + (double)b <= 1.0);
#endif
  }
  return 0;
}
