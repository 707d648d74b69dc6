/*
 * heap_older_instance: a false property a prover must never prove.
 *
 * A loop allocates a cell per iteration at one site and keeps a pointer
 * to the first; each iteration writes 2 through the pointer to the
 * previous cell. With k >= 2 iterations the first cell holds 2, so
 * first[0] <= 1 fails: an analysis that kept the first instance apart
 * from the later writes through "prev" (a strong update of the wrong
 * instance, or a summary that forgot a weak update) would prove it.
 * TWIN: first[0] <= 2.
 * Witness: heap_older_instance.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume(k >= 1 & k <= 50);
  float *first = 0, *prev = 0;
  for (int i = 0; i < k; i++) {
    float *c = malloc(sizeof *c);
    if (!c) return 1;
    *c = 0.5f;
    if (prev)
      *prev = 2.0f;
    else
      first = c;
    prev = c;
  }
#ifdef TWIN
  assert(first[0] <= 2.0f);
#else
  assert(first[0] <= 1.0f);
#endif
  return 0;
}
