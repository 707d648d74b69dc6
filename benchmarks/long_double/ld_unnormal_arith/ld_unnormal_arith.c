/*
 * Arithmetic on x86 long double unnormals: the x87 unit treats an unnormal
 * (exponent neither 0 nor all ones, integer bit 0) as an invalid operand,
 * so x * 1 is NaN and differs from x.  A "not NaN and not infinite" test
 * done on the exponent bits alone misses them; isnan() catches them.
 *
 * BITS (bug): the filter only looks at the exponent; the unnormal
 *   1.0 without its integer bit (bytes 00..00 ff 3f) gives NaN.
 * Default (correct): the filter is isnan(x).  What remains is a zero, a
 *   denormal, a pseudo-denormal, a normal or an infinity; x * 1 is x
 *   (exact) for all of them, a pseudo-denormal being read as its value.
 */
#include <assert.h>
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
#ifdef BITS
  uint16_t se;
  memcpy(&se, b + 8, 2);
  if ((se & 0x7fff) == 0x7fff)
    return 0;
#else
  if (isnan(x))
    return 0;
#endif
  long double y = x * 1.0L;
  assert(y == x);
  return 0;
}
