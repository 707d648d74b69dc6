/*
 * FPSE's power.c: x^y by repeated multiplication, 1/x^-y for y < 0.
 * With X = 10 and Y = -40 the single precision result is +0.0 (10^40
 * overflows to +inf) while double gives 1.000000000001e-40; with
 * Y = -350 both are +0.0.
 *
 * Inputs: 1 <= x <= XMAX; the exponent Y is a compile-time constant, so
 * there is one path of |Y| multiplications.  The assertion: r != 0.
 * float, Y=-40, XMAX=10 (bug): x = 10.
 * float, Y=-40, XMAX=9 (correct, checked exhaustively): 9^40 = 1.48e38
 *   < FLT_MAX even with 40 roundings, so r >= 6.7e-39 > 0 (subnormal).
 * double, Y=-40, XMAX=10 (correct): 10^40 (1 + 40u) is far below
 *   DBL_MAX, r is about 1e-40 > 0.
 * double, Y=-350, XMAX=10 (bug): x = 10: 10^350 overflows.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

static TYPE power(TYPE x, int y) {
  TYPE r = 1;
  int n = y < 0 ? -y : y;
  for (int i = 0; i < n; i++)
    r = r * x;
  if (y < 0)
    r = 1 / r;
  return r;
}

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 1) & (x <= XMAX));
  TYPE r = power(x, Y);
  assert(r != 0);
  return 0;
}
