/*
 * off_by_one_index: a false property a prover must never prove.
 *
 * The index range [0, 4] is one too wide for a 4-sample table: index 4
 * reads the sentinel 100 stored after it. TWIN: the index in [0, 3].
 * Witness: off_by_one_index.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  static const float t[5] = {1.0f, 2.0f, 3.0f, 4.0f, 100.0f};
  int i;
  klee_make_symbolic(&i, sizeof i, "i");
#ifdef TWIN
  klee_assume(i >= 0 & i <= 3);
#else
  klee_assume(i >= 0 & i <= 4);
#endif
  assert(t[i] <= 4.0f);
  return 0;
}
