/*
 * (int)x of a NaN or of a value outside (-2^31 - 1, 2^31) is undefined
 * behaviour in C (floatsym --check-fp=fpconv; natively UBSan's
 * float-cast-overflow); x86 gives the "integer indefinite" 0x80000000.
 *
 * TYPE double (default) or float: bugs.
 * GUARDED (correct): the range is checked first, with bounds exact in the
 *   type (-2^31 and 2^31 are representable in both).
 */
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef GUARDED
  if (!(x >= (TYPE)-2147483648.0 && x < (TYPE)2147483648.0))
    return 0;
#endif
  int i = (int)x;
  return i == 3;
}
