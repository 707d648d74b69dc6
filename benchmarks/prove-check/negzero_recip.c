/*
 * negzero_recip: a false property a prover must never prove.
 *
 * x == 0 holds for -0, and 1 / -0 = -INF. TWIN: x + 0 turns -0 into +0
 * (round to nearest).
 * Witness: negzero_recip.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x == 0.0f);
#ifdef TWIN
  x = x + 0.0f;
#endif
  float y = 1.0f / x;
  assert(y > 0.0f);
  return 0;
}
