/*
 * Horner evaluation of p(x) = x^3 - 3x^2 + 3x - 1 = (x - 1)^3, which is
 * positive for x > 1.  Near the triple root the rounding errors of the
 * Horner steps exceed (x - 1)^3 and the computed sign is wrong.
 *
 * Inputs: LO <= x <= 100.
 * LO=1.001 (float, bug): the computed sign is wrong up to x = 1.0056
 *   (x = 0x1.01710ap+0 gives p <= 0).  LO=1.000001 (double, bug):
 *   x = 0x1.0000728e0a04p+0 gives p = 0.
 * LO=1.25 (float, correct, checked exhaustively) / LO=1.01 (double):
 *   (x - 1)^3 >= 0.0156 (1e-6) while the accumulated error of the three
 *   Horner steps is a few ulps of values below 3 x^2 (below 1e-6 (1e-15)
 *   relative to the terms).
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= LO) & (x <= 100));
  TYPE p = ((x - 3) * x + 3) * x - 1;
  assert(p > 0);
  return 0;
}
