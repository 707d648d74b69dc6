/*
 * ulp_tight_add: a false property a prover must never prove.
 *
 * x + 1 for x in [0, 1] is at most 2; the false bound is one ulp below 2
 * (0x1.fffffep0), broken by x = 1. TWIN: the bound 2.
 * Witness: ulp_tight_add.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 1.0f);
  float y = x + 1.0f;
#ifdef TWIN
  assert(y <= 2.0f);
#else
  assert(y <= 0x1.fffffep0f);
#endif
  return 0;
}
