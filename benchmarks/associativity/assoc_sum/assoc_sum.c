/*
 * Floating-point addition is commutative but not associative.
 *
 * Default (bug): (x + y) + z == x + (y + z); x = 2^24, y = z = 1 in
 *   single precision (2^24 + 1 rounds to 2^24 twice, while 1 + 1 = 2 is
 *   added exactly).
 * MUL (bug): (x * y) * z == x * (y * z); x = y = 2^100, z = 2^-100:
 *   the left product overflows.
 * INTS (correct): x, y, z are integers in [-2^20, 2^20] converted to
 *   TYPE: every partial sum is an integer below 2^24 in magnitude, exact.
 * COMMUTE (correct): x + y == y + x unless the sum is NaN (the same
 *   correctly rounded value either way).
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y, z;
#ifdef INTS
  int i, j, k;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&j, sizeof j, "j");
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume((i >= -(1 << 20)) & (i <= (1 << 20)) & (j >= -(1 << 20)) &
              (j <= (1 << 20)) & (k >= -(1 << 20)) & (k <= (1 << 20)));
  x = (TYPE)i;
  y = (TYPE)j;
  z = (TYPE)k;
#else
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&z, sizeof z, "z");
  klee_assume(isfinite(x) & isfinite(y) & isfinite(z));
#endif
#if defined(MUL)
  assert((x * y) * z == x * (y * z));
#elif defined(COMMUTE)
  TYPE s1 = x + y, s2 = y + x;
  assert(s1 == s2 || s1 != s1);
#else
  assert((x + y) + z == x + (y + z));
#endif
  return 0;
}
