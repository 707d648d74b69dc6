/*
 * ratelimit_step_plus1: a false property a prover must never prove.
 *
 * A rate limiter (y follows inputs in [-128, 128] from 50, by at most a
 * step): its test is delta <= 100 but its step is 101, one more. y = 27.5
 * (reached at once: |27.5 - 50| <= 100), then x = 128: delta = 100.5 > 100
 * and y = 128.5. Targets the cell equation delta = fl(x - y): the branch
 * gives y <= 28, which must be met with the real step.
 * TWIN: the step is 100 (then y <= 28 + 100 = 128).
 * Witness: ratelimit_step_plus1.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
#define STEP 100.0f
#else
#define STEP 101.0f
#endif

int main(void) {
  float y = 50.0f;
  for (int i = 0; i < 3; i++) {
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -128.0f && in <= 128.0f);
    float delta = in - y;
    if (delta >= -100.0f) {
      if (delta <= 100.0f)
        y = in;
      else
        y = y + STEP;
    } else {
      y = y - STEP;
    }
    assert(y >= -128.0f && y <= 128.0f);
  }
  return 0;
}
