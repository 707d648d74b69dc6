/*
 * negzero_sqrt: a false property a prover must never prove.
 *
 * sqrt(-0) = -0 (IEEE 754): the result's sign bit is set. TWIN: + 0.
 * Witness: negzero_sqrt.witness (checked natively by scripts/prove-check.sh).
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
  float y = sqrtf(x);
#ifdef TWIN
  y = y + 0.0f;
#endif
  assert(!signbit(y));
  return 0;
}
