/*
 * overflow_doubling: a false property a prover must never prove.
 *
 * Doubling x in [1, 1.5] 128 times overflows to INF (2^128 > FLT_MAX) though
 * every single step looks harmless. TWIN: 127 doublings stay below
 * 1.5 * 2^127 < FLT_MAX.
 * Witness: overflow_doubling.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 1.0f & x <= 1.5f);
#ifdef TWIN
  for (int i = 0; i < 127; i++)
#else
  for (int i = 0; i < 128; i++)
#endif
    x = x * 2.0f;
  assert(!isinf(x));
  return 0;
}
