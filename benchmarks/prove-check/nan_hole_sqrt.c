/*
 * nan_hole_sqrt: a false property a prover must never prove.
 *
 * The assume !(x < 0) lets NaN through: sqrt(NaN) >= 0 is false. TWIN: the
 * assume x >= 0 (which NaN fails).
 * Witness: nan_hole_sqrt.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 0.0f);
#else
  klee_assume(!(x < 0.0f));
#endif
  float y = sqrtf(x);
  assert(y >= 0.0f);
  return 0;
}
