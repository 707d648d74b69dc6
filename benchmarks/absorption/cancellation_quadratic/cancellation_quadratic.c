/*
 * Catastrophic cancellation in the smaller root of x^2 - 2bx + c = 0:
 * b - sqrt(b*b - c) loses every digit when c << b*b, while the equivalent
 * c / (b + sqrt(b*b - c)) does not.
 *
 * Inputs: 1 <= b <= BMAX, 1e-3 <= c <= b*b (so b*b - c >= 0 after
 * rounding).
 * NAIVE (bug): float b = 10000, c = 1: b*b - c = 99999999 rounds to 1e8,
 *   sqrt gives 10000 and the root is 0.  double: b = 1e8, c = 1.
 * Default (correct): the numerator is >= 1e-3, the denominator is in
 *   [1, 2 BMAX (1 + 2^-22)], so r >= 1e-3 / (2.1 BMAX) > 0, far from the
 *   underflow range.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE b, c, r;
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume((b >= 1) & (b <= BMAX) & (c >= (TYPE)1e-3) & (c <= b * b));
  TYPE d = b * b - c;
#ifdef NAIVE
  r = b - sqrt(d);
#else
  r = c / (b + sqrt(d));
#endif
  assert(r > 0);
  return 0;
}
