/*
 * underflow_square: a false property a prover must never prove.
 *
 * x * x for x in [1e-30, 1e-20] underflows to 0 for the smallest x. TWIN:
 * x in [1e-18, 1] (squares at least 1e-36 > FLT_MIN).
 * Witness: underflow_square.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 1e-18f & x <= 1.0f);
#else
  klee_assume(x >= 1e-30f & x <= 1e-20f);
#endif
  float y = x * x;
  assert(y > 0.0f);
  return 0;
}
