/*
 * nan_hole_clamp: a false property a prover must never prove.
 *
 * A clamp to [-10, 10] by two comparisons lets NaN through unchanged.
 * TWIN: NaN excluded by the assume.
 * Witness: nan_hole_clamp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef TWIN
  klee_assume(!isnan(x));
#endif
  if (x > 10.0f)
    x = 10.0f;
  if (x < -10.0f)
    x = -10.0f;
  assert(x >= -10.0f && x <= 10.0f);
  return 0;
}
