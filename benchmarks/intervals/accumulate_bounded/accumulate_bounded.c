/*
 * A loop accumulating bounded, rounded terms: four inputs in [-1, 1],
 * each scaled by 0.1 and added up.  Every partial sum stays within
 * [-0.4, 0.4] plus a few ulps of rounding error, so |s| <= 0.41 holds;
 * interval propagation proves it term by term.
 *
 * Default (correct): |s| <= 0.41.
 * BUG: asserts s < 0.4, but all inputs 1 give 0.1+0.1+0.1+0.1 = 0.4.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE x[4];
  klee_make_symbolic(x, sizeof x, "x");
  TYPE s = 0;
  for (int i = 0; i < 4; i++) {
    klee_assume((x[i] >= -1) & (x[i] <= 1));
    s += x[i] * (TYPE)0.1;
  }
#ifdef BUG
  assert(s < (TYPE)0.4);
#else
  assert((s >= (TYPE)-0.41) & (s <= (TYPE)0.41));
#endif
  return 0;
}
