/*
 * heap_helper_two: a false property a prover must never prove.
 *
 * One helper allocates two buffers, called from two places: a[0] = x and
 * b[0] = 3x with x in [0, 1], so a[0] + b[0] = 4x exceeds 3 for x > 0.75.
 * An analysis that confused the two objects of the helper's one malloc
 * (one allocation site, two calling contexts) could keep only one store.
 * TWIN: the bound 4.
 * Witness: heap_helper_two.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <stdlib.h>
#include "klee/klee.h"

static float *mk(void) { return calloc(2, sizeof(float)); }

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 1.0f);
  float *a = mk();
  float *b = mk();
  if (!a || !b) return 1;
  a[0] = x;
  b[0] = 3.0f * x;
  float s = a[0] + b[0];
#ifdef TWIN
  assert(s <= 4.0f);
#else
  assert(s <= 3.0f);
#endif
  free(a);
  free(b);
  return 0;
}
