/*
 * LibTomMath (Debian libtommath 1.2.0-6+deb12u1, public domain): the
 * bn_mp_*.c files and headers are the package's, unchanged. A symbolic
 * 64-bit unsigned v is stored in an mp_int (mp_set_u64: 60-bit digits)
 * and converted back with mp_get_double, which adds the digits from the
 * top as d = d * 2^60 + (double)digit.
 * Bug (default): for v of 61 bits or more the low digit is rounded to
 * double first and the sum rounded again: mp_get_double is not the
 * correctly rounded (double)v (double rounding), e.g. v = 2^60 + 2^59 +
 * 129 gives 1.5 * 2^60, 256 below (double)v.
 * CORRECT: v < 2^60 is one digit: one rounding, mp_get_double(v) ==
 * (double)v.
 */
#include <assert.h>
#include <stdint.h>
#include "klee/klee.h"
#include "tommath.h"

int main(void) {
  uint64_t v;
  klee_make_symbolic(&v, sizeof v, "v");
#ifdef CORRECT
  klee_assume(v < ((uint64_t)1 << MP_DIGIT_BIT));
#endif
  mp_int a;
  if (mp_init(&a) != MP_OKAY) {
    return 1;
  }
  mp_set_u64(&a, v);
  double d = mp_get_double(&a);
  assert(d == (double)v);
  mp_clear(&a);
  return 0;
}
