/*
 * x87_double_rounding: a false property a prover must never prove.
 *
 * (double)((long double)x + y) differs from x + y in double when the x87
 * sum rounds to a tie: x = 1, y = 2^-53 + 2^-105 (the long double sum drops
 * 2^-105, the tie goes to even, 1; in double the sum rounds up). TWIN: x
 * and y integers in [-2^20, 2^20] (both sums exact).
 * Witness: x87_double_rounding.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
#ifdef TWIN
  klee_assume(x >= -0x1p20 & x <= 0x1p20 & y >= -0x1p20 & y <= 0x1p20);
  klee_assume(x == (double)(long)x & y == (double)(long)y);
#else
  klee_assume(x >= 1.0 & x <= 2.0 & y >= 0.0 & y <= 1.0);
#endif
  long double s = (long double)x + (long double)y;
  double r = (double)s;
  assert(r == x + y);
  return 0;
}
