/*
 * cancellation_one: a false property a prover must never prove.
 *
 * (x + 1) - x == 1 over the reals; in float it is 0 for x = 2^25 (x + 1
 * rounds to x). TWIN: x an integer in [0, 2^23] (every step exact).
 * Witness: cancellation_one.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 0.0f & x <= 0x1p23f);
  klee_assume(x == (float)(int)x);
#else
  klee_assume(x >= 0.0f & x <= 1e8f);
#endif
  float y = (x + 1.0f) - x;
  assert(y == 1.0f);
  return 0;
}
