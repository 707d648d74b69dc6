/*
 * A range fact through sqrt: x in [0, 100] gives x*x + 1 in [1, 10001]
 * and its square root in [1, 100.005]; sqrt is monotone and correctly
 * rounded, so the bound 101 holds.
 *
 * Default (correct): 1 <= r <= 101.
 * BUG: asserts r < 100, but x = 100 gives sqrt(10001) = 100.004999875.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 0) & (x <= 100));
  TYPE r = sqrt(x * x + 1);
#ifdef BUG
  assert(r < 100);
#else
  assert((r >= 1) & (r <= 101));
#endif
  return 0;
}
