/*
 * ulp_tight_mul: a false property a prover must never prove.
 *
 * x * 0.1f for x in [0, 3] reaches 0.3f exactly (3 * 0.1f = 0.30000000447
 * rounds to 0.3f = 0.30000001192); the false bound is the float below 0.3f.
 * TWIN: the bound 0.3f.
 * Witness: ulp_tight_mul.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 3.0f);
  float y = x * 0.1f;
#ifdef TWIN
  assert(y <= 0.3f);
#else
  assert(y <= 0x1.333332p-2f);
#endif
  return 0;
}
