/*
 * accum_absorbed: a false property a prover must never prove.
 *
 * Adding x in (0.5, 1] five times to 2^24: over the reals the sum grows by
 * more than 2.5, in float each addition is absorbed (the ulp is 2) until the
 * sum is even: 2^24 + 0.6 rounds back to 2^24. TWIN: the sum is at least
 * 2^24.
 * Witness: accum_absorbed.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0.5f & x <= 1.0f);
  float s = 0x1p24f;
  for (int i = 0; i < 5; i++)
    s += x;
#ifdef TWIN
  assert(s >= 0x1p24f);
#else
  assert(s > 0x1p24f + 2.0f);
#endif
  return 0;
}
