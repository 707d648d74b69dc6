/*
 * newton_basin: a false property a prover must never prove.
 *
 * Division-free Newton reciprocal x <- x (2 - d x) from x = 1 converges
 * for d in (0, 2): at d = 2, the end of the assumed range, x_1 = 0 and x
 * stays 0 (|d x - 1| = 1), just outside the basin. Every other float d in
 * [1, 2) is within 1e-6 after 40 steps (a native sweep of all of them:
 * pred(2) needs 28). Targets the subdivision (absint/subdiv.go): its boxes
 * must cover the closed range, its end included. TWIN: d < 2.
 * Witness: newton_basin.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  for (int i = 0; i < 1000; i++) {
    float d = __VERIFIER_nondet_float();
#ifdef TWIN
    __VERIFIER_assume(d >= 1.0f && d < 2.0f);
#else
    __VERIFIER_assume(d >= 1.0f && d <= 2.0f);
#endif
    float x = 1.0f;
    for (int k = 0; k < 40; k++)
      x = x * (2.0f - d * x);
    float e = d * x - 1.0f;
    assert(e <= 1e-6f && -e <= 1e-6f);
  }
  return 0;
}
