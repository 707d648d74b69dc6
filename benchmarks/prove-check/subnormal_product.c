/*
 * subnormal_product: a false property a prover must never prove.
 *
 * x * 2^-10 for x in [2^-126, 1] is subnormal for the smallest x: a
 * property assuming flush-to-zero or normal results (y == 0 or y >= FLT_MIN)
 * fails. TWIN: x at least 2^-116.
 * Witness: subnormal_product.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 0x1p-116f & x <= 1.0f);
#else
  klee_assume(x >= 0x1p-126f & x <= 1.0f);
#endif
  float y = x * 0x1p-10f;
  assert(y == 0.0f || y >= FLT_MIN);
  return 0;
}
