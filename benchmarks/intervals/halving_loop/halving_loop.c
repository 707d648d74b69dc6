/*
 * A contracting loop: x <- x/2 + 1/4 maps [0, 1] into [0.25, 0.75], and
 * rounding cannot leave that range (both ends are representable and each
 * step is monotone), so after ten steps x is still in [0.25, 0.75].
 *
 * Default (correct): 0.25 <= x <= 0.75.
 * BUG: asserts x < 0.5, but x = 1 stays above 0.5 (0.5 + 2^-11 after ten
 *   steps).
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 0) & (x <= 1));
  for (int i = 0; i < 10; i++)
    x = x * (TYPE)0.5 + (TYPE)0.25;
#ifdef BUG
  assert(x < (TYPE)0.5);
#else
  assert((x >= (TYPE)0.25) & (x <= (TYPE)0.75));
#endif
  return 0;
}
