/*
 * Concrete program: sqrt(2) * sqrt(2) is 2.0000000000000004 in double and
 * 1.99999988 in single precision, not 2.
 *
 * Default (bug): asserts s * s == 2.
 * CLOSE (correct): asserts |s * s - 2| <= 2 ulp(2) (2^-21 / 2^-50).
 */
#include <assert.h>
#include <tgmath.h>

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE two = 2;
  TYPE s = sqrt(two);
  TYPE p = s * s;
#ifdef CLOSE
  assert(fabs(p - two) <= TOL);
#else
  assert(p == two);
#endif
  return 0;
}
