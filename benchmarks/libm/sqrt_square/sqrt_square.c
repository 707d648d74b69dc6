/*
 * sqrt(x * x) == x for x >= 0 holds in binary floating point with
 * round-to-nearest as long as x * x neither underflows nor overflows (a
 * known property of correctly rounded multiplication and square root in
 * radix 2).  When x * x underflows it fails.
 *
 * LO=0 (bug): x = 2^-100 (float) / 2^-600 (double): x * x rounds to 0.
 * LO=2^-63, HI=0x1.fffffep63 (float, correct): x * x is in
 *   [2^-126, FLT_MAX]: normal, so the property applies (also checked
 *   exhaustively).  LO=2^-511, HI=0x1.fffffffffffffp511 for double.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= LO) & (x <= HI));
  TYPE r = sqrt(x * x);
  assert(r == x);
  return 0;
}
