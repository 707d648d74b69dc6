/*
 * rotation_unrolled_ulp: a false property a prover must never prove.
 *
 * The damped rotation p' = 0.6 p - 0.7 q + x, q' = 0.7 p + 0.6 q (double,
 * x in [-1, 1]; spectral radius 0.92) has sup p ≈ 8.3620 over the reals,
 * below the ellipsoid's 12.8. The witness (x_n = the sign of the impulse
 * response of p at 99-n) reaches 0x1.0b829903b34ecp+3 at step 100; the
 * bound here is one ulp below it. Targets the unrolled filter bound.
 * TWIN: p <= 8.37.
 * Witness: rotation_unrolled_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
#define BOUND 8.37
#else
#define BOUND 0x1.0b829903b34ebp+3
#endif

int main(void) {
  double p = 0.0, q = 0.0;
  for (int i = 0; i < 100; i++) {
    double in = __VERIFIER_nondet_double();
    __VERIFIER_assume(in >= -1.0 && in <= 1.0);
    double np = 0.6 * p - 0.7 * q + in;
    double nq = 0.7 * p + 0.6 * q;
    p = np;
    q = nq;
    assert(p >= -BOUND && p <= BOUND && q >= -9.0 && q <= 9.0);
  }
  return 0;
}
