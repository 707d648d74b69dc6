/*
 * Multiplication does not distribute over addition in floating point.
 *
 * Default (bug): x * (y + z) == x * y + x * z fails, e.g. for x = 5.25
 *   (see the spec for the exact witness).
 * POW2 (correct): x = 2^k with k in [-10, 10] and y, z zero or of
 *   magnitude in [2^-60, 2^60]: scaling by a power of two is exact and
 *   commutes with rounding while no result leaves the normal range (y + z
 *   is 0 or at least 2^-83 in magnitude, a multiple of ulp(2^-60)), so
 *   x * RN(y + z) = RN(x*y + x*z) exactly.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y, z;
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&z, sizeof z, "z");
#ifdef POW2
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume((k >= -10) & (k <= 10));
  x = k >= 0 ? (TYPE)(1 << k) : 1 / (TYPE)(1 << -k);
  klee_assume((y == 0) | ((fabs(y) >= (TYPE)0x1p-60) & (fabs(y) <= (TYPE)0x1p60)));
  klee_assume((z == 0) | ((fabs(z) >= (TYPE)0x1p-60) & (fabs(z) <= (TYPE)0x1p60)));
#else
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(isfinite(x) & isfinite(y) & isfinite(z));
#endif
  assert(x * (y + z) == x * y + x * z);
  return 0;
}
