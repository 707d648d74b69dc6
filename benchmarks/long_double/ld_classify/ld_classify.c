/*
 * x86 80-bit long double has an explicit integer bit, so some encodings
 * are not IEEE values: unnormals (exponent neither 0 nor all ones,
 * integer bit 0), pseudo-infinities and pseudo-NaNs (exponent all ones,
 * integer bit 0) and pseudo-denormals (exponent 0, integer bit 1).  The x87
 * unit rejects the first three as invalid operands (every comparison with
 * them is unordered, so isnan() is true) and reads pseudo-denormals as the
 * value 2^-16382 * 1.fraction (>= LDBL_MIN).
 *
 * The long double x is built from 10 symbolic bytes b (little endian:
 * 64-bit significand with the integer bit on top, then sign and 15-bit
 * exponent).  Each variant checks a classification rule written from the
 * IEEE point of view:
 *   V=1 (bug) "normal exponent => not NaN": fails on an unnormal.
 *   V=2 (bug) "exponent 0 => below LDBL_MIN": fails on a pseudo-denormal.
 *   V=3 (bug) "all-ones exponent, zero fraction => infinite": fails on a
 *             pseudo-infinity.
 *   V=4 (bug) "fpclassify says NaN => all-ones exponent": fails on an
 *             unnormal.
 *   V=0 (correct) the rules as the hardware applies them, integer bit
 *             included.
 */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "klee/klee.h"

int main(void) {
  unsigned char b[10];
  klee_make_symbolic(b, sizeof b, "b");
  long double x;
  memset(&x, 0, sizeof x);
  memcpy(&x, b, sizeof b);
  uint64_t mant;
  uint16_t se;
  memcpy(&mant, b, 8);
  memcpy(&se, b + 8, 2);
  unsigned exp = se & 0x7fff;
  int ibit = (int)(mant >> 63);
  uint64_t frac = mant & ~(1ull << 63);
  (void)ibit;
  (void)frac;
#if V == 1
  if (exp != 0 && exp != 0x7fff)
    assert(!isnan(x));
#elif V == 2
  if (exp == 0)
    assert(fabsl(x) < LDBL_MIN);
#elif V == 3
  if (exp == 0x7fff && frac == 0)
    assert(isinf(x));
#elif V == 4
  if (fpclassify(x) == FP_NAN)
    assert(exp == 0x7fff);
#else
  if (exp == 0x7fff)
    assert((!isnan(x)) == (ibit && frac == 0));
  else if (exp == 0)
    assert(!isnan(x) && (ibit ? fabsl(x) >= LDBL_MIN : fabsl(x) < LDBL_MIN));
  else
    assert((!isnan(x)) == ibit);
#endif
  return 0;
}
