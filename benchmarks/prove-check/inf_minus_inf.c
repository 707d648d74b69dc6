/*
 * inf_minus_inf: a false property a prover must never prove.
 *
 * 10x - 10x for x in [1e37, 1e38]: 10x overflows to INF and INF - INF is
 * NaN, not 0. TWIN: x at most 3e37.
 * Witness: inf_minus_inf.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 1e37f & x <= 3e37f);
#else
  klee_assume(x >= 1e37f & x <= 1e38f);
#endif
  float a = x * 10.0f;
  float y = a - a;
  assert(y == 0.0f);
  return 0;
}
