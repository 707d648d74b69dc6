/*
 * x87_excess_square: a false property a prover must never prove.
 *
 * x * x in long double is exact for a float x, in float it is rounded: they
 * differ for x = 1 + 2^-23. TWIN: x a multiple of 2^-8 in [1, 2] (its float
 * square is exact).
 * Witness: x87_excess_square.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 1.0f & x <= 2.0f);
#ifdef TWIN
  klee_assume(x * 256.0f == (float)(int)(x * 256.0f));
#endif
  long double p = (long double)x * x;
  float q = x * x;
  assert(p == q);
  return 0;
}
