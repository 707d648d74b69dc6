/*
 * The product of a negative and a positive number is not always < 0: when
 * it underflows it is -0.0, and -0.0 < 0 is false.
 *
 * BUG: asserts p < 0; x = -1e-30, y = 1e-30 (float) or x = -1e-200,
 *   y = 1e-200 (double) underflow to -0.0.
 * Correct (no BUG): asserts p <= 0 and signbit(p): the sign of a product
 *   is the xor of the operand signs even when the magnitude rounds to 0;
 *   x < 0 and y > 0 exclude NaN operands and 0 * inf.
 */
#include <math.h>
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
  TYPE y = NONDET(TYPE);
  if (x < 0 && y > 0) {
    TYPE p = x * y;
#ifdef BUG
    __VERIFIER_assert(p < 0);
#else
    __VERIFIER_assert(p <= 0 && signbit(p));
#endif
  }
  return 0;
}
