/*
 * accum_tenth: a false property a prover must never prove.
 *
 * Adding 0.1f k times, k in [0, 10]: over the reals the sum is at most 1,
 * in float 10 additions give 1.0000001. TWIN: the bound 1.0000002f.
 * Witness: accum_tenth.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume(k >= 0 & k <= 10);
  float s = 0.0f;
  for (int i = 0; i < k; i++)
    s += 0.1f;
#ifdef TWIN
  assert(s <= 1.0000002f);
#else
  assert(s <= 1.0f);
#endif
  return 0;
}
