/*
 * fmod(x, y) is exact and |fmod(x, y)| < |y| for finite x and y != 0, but
 * fmod(inf, y) and fmod(x, NaN) are NaN.  (LLVM's frem has fmod semantics,
 * not IEEE remainder.)
 *
 * Default (bug): only y != 0 is assumed; x = inf, y = 1 gives NaN.
 * FINITE (correct): x finite, y != 0 and not NaN (y = +-inf gives x).
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume(y != 0);
#ifdef FINITE
  klee_assume(isfinite(x) & !isnan(y));
#endif
  TYPE r = fmod(x, y);
  assert(fabs(r) < fabs(y));
  return 0;
}
