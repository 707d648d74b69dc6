/*
 * newton_ulp: a false property a prover must never prove.
 *
 * loops/newton_recip's three Newton steps for 1/d, d in [1, 2] (float):
 * a native sweep of all 2^23 floats gives max |d x - 1| = 2^-23, reached
 * at d = 0x1.000b64p+0; the bound here is one ulp below it. Targets the
 * subdivision's affine forms and their rounding-error terms
 * (absint/affine.go). TWIN: the bound 2^-23 itself.
 * Witness: newton_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
#define BOUND 0x1p-23f
#else
#define BOUND 0x1.fffffep-24f
#endif

int main(void) {
  for (int i = 0; i < 1000; i++) {
    float d = __VERIFIER_nondet_float();
    __VERIFIER_assume(d >= 1.0f && d <= 2.0f);
    float x = 24.0f / 17.0f - 8.0f / 17.0f * d;
    for (int k = 0; k < 3; k++)
      x = x * (2.0f - d * x);
    float e = d * x - 1.0f;
    assert(e <= BOUND && -e <= BOUND);
  }
  return 0;
}
