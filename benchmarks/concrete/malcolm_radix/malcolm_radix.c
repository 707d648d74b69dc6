/*
 * Concrete program: Malcolm's algorithm (as in Kahan's paranoia) finds
 * the radix and precision of the arithmetic by absorption:
 *   a = 1, 2, 4, ... until (a + 1) - a != 1   (a = 2^p),
 *   b = 1, 2, 3, ... until (a + b) - a != 0   (radix = (a + b) - a),
 *   digits = how often one can multiply by the radix before 1 is absorbed.
 * Expected: radix 2 and p = 24 (float), 53 (double), 64 (long double on
 * x86, selected by LDOUBLE).  All variants are correct; the loops are
 * bounded.
 */
#include <assert.h>

#ifndef TYPE
#define TYPE float
#endif
#ifdef LDOUBLE
#undef TYPE
#define TYPE long double
#endif

int main(void) {
  TYPE one = 1, a = 1, b = 1;
  int i;
  for (i = 0; i < 200 && (a + one) - a == one; i++)
    a = a + a;
  for (i = 0; i < 200 && (a + b) - a == 0; i++)
    b = b + one;
  TYPE radix = (a + b) - a;
  int digits = 0;
  TYPE c = one;
  for (i = 0; i < 200 && (c + one) - c == one; i++) {
    c = c * radix;
    digits++;
  }
  assert(radix == 2 && digits == DIGITS);
  return 0;
}
