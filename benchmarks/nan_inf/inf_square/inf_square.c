/*
 * x * x overflows to +inf, and inf - inf = NaN.  The largest x whose
 * square stays finite is just below sqrt(MAX), and the bound is decided by
 * the last printed digit: 1.8446743e19f is 0x1.fffffep63 (sqrt(FLT_MAX)
 * rounded down) but 1.8446744e19f is 2^64, whose square is 2^128 = +inf.
 *
 * BOUND=1.8446744e19f (bug): x = 2^64.
 * BOUND=1.8446743e19f (correct, checked exhaustively): x^2 <=
 *   (2^64 (1 - 2^-24))^2 = 2^128 (1 - 2^-23 + 2^-48) < FLT_MAX =
 *   2^128 (1 - 2^-24), so the rounded square is at most FLT_MAX and
 *   s - s = 0.
 * BOUND=1.3407807929942597e154 (double, bug): that is 2^512; x = 2^512.
 * BOUND=1.3407807929942596e154 (double, correct): that is
 *   0x1.fffffffffffffp511; same argument with 2^-53 and 2^-52.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= -BOUND) & (x <= BOUND));
  TYPE s = x * x;
  assert(s - s == 0);
  return 0;
}
