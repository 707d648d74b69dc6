/*
 * compare_mixed_precision: a false property a prover must never prove.
 *
 * A float compared with the double constant 0.1: x = 0.1f is above 0.1
 * (0.100000001490116), so x <= 0.1 fails though the source reads 0.1 on
 * both sides. TWIN: the constant 0.1f.
 * Witness: compare_mixed_precision.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 0.1f);
#ifdef TWIN
  assert(x <= 0.1f);
#else
  assert(x <= 0.1);
#endif
  return 0;
}
