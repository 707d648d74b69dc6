/*
 * nan_hole_ne: a false property a prover must never prove.
 *
 * x != 1 passes NaN (and INF): x * 0 is then NaN, not 0. TWIN: x finite.
 * Witness: nan_hole_ne.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(isfinite(x));
#else
  klee_assume(x != 1.0f);
#endif
  float y = x * 0.0f;
  assert(y == 0.0f);
  return 0;
}
