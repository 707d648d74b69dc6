/*
 * part_index_round: a false property a prover must never prove.
 *
 * A table index computed from a double d in [0, 4) rounded to float
 * first: d = 4 - 2^-27 rounds to 4.0f (to nearest), whose integer part 4
 * reads the sentinel 100 — over the reals, and for (int)d, the index
 * stays at most 3 (the 0.9999999 -> 0 vs 1 boundary, at 4). The split of
 * x by its integer part must keep the part k = 4. TWIN: the index from
 * the double itself, (int)d <= 3.
 * Witness: part_index_round.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

static const float T[5] = {1.0f, 2.0f, 3.0f, 4.0f, 100.0f};

int main(void) {
  for (int i = 0; i < 20; i++) {
    double d = __VERIFIER_nondet_double();
    __VERIFIER_assume(d >= 0.0 && d < 4.0);
#ifdef TWIN
    int k = (int)d;
#else
    float x = (float)d;
    int k = (int)x;
#endif
    float y = T[k];
    assert(y <= 4.0f);
  }
  return 0;
}
