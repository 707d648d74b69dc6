/*
 * Double rounding: computing a sum in a wider format and rounding it to
 * the narrow one can differ from rounding the exact sum once.
 *
 * LD (bug): double a, b summed in 80-bit long double then rounded to
 *   double.  a = 1, b = 2^-53 + 2^-105: the exact sum rounds to
 *   1 + 2^-53 in 64-bit precision, a tie in double that goes to 1, while
 *   the direct double sum rounds up to 1 + 2^-52.
 * Default (correct): float a, b summed in double then rounded to float.
 *   double has 53 >= 2*24 + 2 bits, and for +, -, *, / and sqrt rounding
 *   first to such a format and then to the narrow one is innocuous
 *   (Figueroa); the overflow threshold 2^128 - 2^103 is a 25-bit float
 *   midpoint covered by the same argument.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
#ifdef LD
  double a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume(isfinite(a) & isfinite(b));
  double wide = (double)((long double)a + (long double)b);
  double direct = a + b;
#else
  float a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume(isfinite(a) & isfinite(b));
  float wide = (float)((double)a + (double)b);
  float direct = a + b;
#endif
  assert(wide == direct);
  return 0;
}
