/*
 * The Sterbenz average (x + y) / 2 of Ariadne: the sum is exact, but
 * halving a subnormal with its last bit set is tiny and inexact, so it
 * underflows (e.g. x = -3.337611e-308, y = 2.225074e-308).
 *
 * TYPE double (default) or float; both bugs.
 */
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (!(x >= -1 && x <= 1 && y >= -1 && y <= 1))
    return 0;
  TYPE m = (x + y) / 2;
  return m > 0;
}
