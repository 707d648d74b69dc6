/*
 * heap_alias: a false property a prover must never prove.
 *
 * Two pointers into one malloc'd buffer (b = a + 1 - 1, computed through
 * an index): a store through b changes what a reads. With x in [0, 1],
 * a[0] = x, then b[0] = 2x: a[0] <= 1 fails for x > 0.5.
 * TWIN: a[0] <= 2.
 * Witness: heap_alias.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  float x;
  int one = 1;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 1.0f);
  float *a = malloc(4 * sizeof *a);
  if (!a) return 1;
  float *b = a + one - 1;
  a[0] = x;
  b[0] = 2.0f * x;
#ifdef TWIN
  assert(a[0] <= 2.0f);
#else
  assert(a[0] <= 1.0f);
#endif
  free(a);
  return 0;
}
