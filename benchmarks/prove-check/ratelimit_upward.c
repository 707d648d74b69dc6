/*
 * ratelimit_upward: a false property a prover must never prove.
 *
 * A rate limiter whose step is taken when delta < 100 fails (delta >= 100):
 * to nearest, x - y >= 100 - 2^-18 then, so y <= 28 + 2^-18 and
 * y + 100 <= 128 + 2^-18 rounds to 128. Upward (set here), delta =
 * RU(x - y) >= 100 only gives x - y > 100 - 2^-17: y = 28 + 3 * 2^-19,
 * then x = 128 makes y + 100 round up to 128 + 2^-16 > 128. A
 * rounding-mode-dependent bound for the cell equation's backward step.
 * TWIN: the same limiter to nearest (no fesetround), where it holds.
 * Witness: ratelimit_upward.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
#ifdef TWIN
  /* to nearest, as at startup */
#else
  fesetround(FE_UPWARD);
#endif
  float y = 50.0f;
  for (int i = 0; i < 3; i++) {
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -128.0f && in <= 128.0f);
    float delta = in - y;
    if (delta >= -100.0f) {
      if (delta < 100.0f)
        y = in;
      else
        y = y + 100.0f;
    } else {
      y = y - 100.0f;
    }
    assert(y >= -128.0f && y <= 128.0f);
  }
  return 0;
}
