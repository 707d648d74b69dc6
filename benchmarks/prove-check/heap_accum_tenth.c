/*
 * heap_accum_tenth: a false property a prover must never prove.
 *
 * accum_tenth with the sum in a malloc'd cell: adding 0.1f k times, k in
 * [0, 10], gives 1.0000001 in float for k = 10, above the bound 1 that
 * holds over the reals. The cell is updated strongly (one instance).
 * TWIN: the bound 1.0000002f.
 * Witness: heap_accum_tenth.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume(k >= 0 & k <= 10);
  float *s = malloc(sizeof *s);
  if (!s) return 1;
  *s = 0.0f;
  for (int i = 0; i < k; i++)
    *s += 0.1f;
#ifdef TWIN
  assert(*s <= 1.0000002f);
#else
  assert(*s <= 1.0f);
#endif
  free(s);
  return 0;
}
