/*
 * negzero_mul: a false property a prover must never prove.
 *
 * x * 0 for x in [-1, 0] is -0 for negative x: 1 / (x * 0) = -INF. TWIN:
 * adding +0 gives +0.
 * Witness: negzero_mul.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= -1.0f & x <= 0.0f);
  float y = x * 0.0f;
#ifdef TWIN
  y = y + 0.0f;
#endif
  assert(1.0f / y > 0.0f);
  return 0;
}
