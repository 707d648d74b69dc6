/*
 * floor, ceil and truncation differ in ways that are easy to forget.
 * x is in (-1e6, 1e6), so every integer conversion below is defined.
 *
 * TRUNC (bug): floor(x) == (long)x fails for negative non-integers,
 *   e.g. x = -0.5 (floor -1, truncation 0).
 * CEIL_ZERO (bug): ceil(x) for x in (-1, 0) is -0.0, so "a non-negative
 *   result has a clear sign bit" fails at x = -0.5.
 * Default (correct): f = floor(x) is an integer <= x; x - f is < 1
 *   exactly, so its rounded value is <= 1 (it is exactly 1 for tiny
 *   negative x such as -1e-30: 1 - 1e-30 rounds to 1, so "x - f < 1" would
 *   be wrong); the conversion of the integer f to long and back is exact.
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
  klee_assume((x > -1e6) & (x < 1e6));
#if defined(TRUNC)
  assert(floor(x) == (TYPE)(long)x);
#elif defined(CEIL_ZERO)
  TYPE c = ceil(x);
  assert(c < 0 || !signbit(c));
#else
  TYPE f = floor(x);
  assert(f <= x && x - f <= 1 && f == (TYPE)(long)f);
#endif
  return 0;
}
