/*
 * subdiv_cut: a false property a prover must never prove.
 *
 * x = 1 / (d - 1.5) for d in [1, 2] (float): |d - 1.5| >= 2^-23 for every
 * float d but 1.5, so |x| <= 2^23; at d = 1.5, the subdivision's first cut
 * (the midpoint of the range), x = +INF. Targets the subdivision's
 * windows: the two halves must both hold their common end.
 * TWIN: d != 1.5.
 * Witness: subdiv_cut.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  for (int i = 0; i < 1000; i++) {
    float d = __VERIFIER_nondet_float();
#ifdef TWIN
    __VERIFIER_assume(d >= 1.0f && d <= 2.0f && d != 1.5f);
#else
    __VERIFIER_assume(d >= 1.0f && d <= 2.0f);
#endif
    float x = 1.0f / (d - 1.5f);
    assert(x <= 0x1p+24f && -x <= 0x1p+24f);
  }
  return 0;
}
