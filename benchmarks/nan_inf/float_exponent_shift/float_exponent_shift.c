/*
 * "Is x an integer?" by bit manipulation: the unbiased exponent e of x
 * selects the fraction bits below the binary point with 0x7fffff >> e.
 *
 * BUG: without the e >= 23 case, every x with e >= 32 (|x| >= 2^32,
 *   infinities and NaNs: e = 128) shifts a 32-bit value by e >= 32.
 *   x = 2^32 is the first.
 * Correct (no BUG): e < 23 keeps the shift in range, e >= 23 means that
 *   x has no fraction bits (or is inf/NaN).  The result agrees with
 *   floorf(x) == x for every x (checked exhaustively).
 */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "klee/klee.h"

static int is_integer(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  int e = (int)((u >> 23) & 0xff) - 127;
  if (e < 0)
    return (u << 1) == 0;
#ifndef BUG
  if (e >= 23)
    return !(e == 128 && (u & 0x7fffff) != 0);
#endif
  return (u & (0x7fffffu >> e)) == 0;
}

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  int r = is_integer(x);
#ifndef BUG
  assert(r == (floorf(x) == x));
#endif
  return r;
}
