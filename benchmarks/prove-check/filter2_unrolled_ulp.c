/*
 * filter2_unrolled_ulp: a false property a prover must never prove.
 *
 * The second-order filter y = 1.5 y1 - 0.7 y2 + x (float, x in [-1, 1])
 * has sup |y| = Σ|h_k| ≈ 9.2733 over the reals (h its impulse response).
 * The witness (x_n = the sign of h_{99-n}) reaches 0x1.28beaep+3 at step
 * 100; the bound here is one ulp below it. Targets the filter domain's
 * unrolled bound (a zonotope of the last inputs over the ellipsoid).
 * TWIN: y <= 9.28.
 * Witness: filter2_unrolled_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
#define BOUND 9.28f
#else
#define BOUND 0x1.28beacp+3f
#endif

int main(void) {
  float y1 = 0.0f, y2 = 0.0f;
  for (int i = 0; i < 100; i++) {
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -1.0f && in <= 1.0f);
    float y = 1.5f * y1 - 0.7f * y2 + in;
    y2 = y1;
    y1 = y;
    assert(y >= -BOUND && y <= BOUND);
  }
  return 0;
}
