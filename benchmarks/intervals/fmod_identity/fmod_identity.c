/*
 * fmod(f, g) == f for 0 <= f < g: the quotient truncates to 0, and fmod
 * is exact.  One interval (and ordering) fact; a bit-blasted fmod of two
 * doubles runs an SMT solver out of memory.
 *
 * Default (correct): fmod(f, g) == f.
 * REMAINDER (bug): the IEEE remainder rounds the quotient to nearest, so
 *   remainder(f, g) = f - g once f > g/2: f = 0.75, g = 1 gives -0.25.
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE f, g;
  klee_make_symbolic(&f, sizeof f, "f");
  klee_make_symbolic(&g, sizeof g, "g");
  klee_assume((f >= 0) & (f < g) & (g < 1e6));
#ifdef REMAINDER
  TYPE r = remainder(f, g);
#else
  TYPE r = fmod(f, g);
#endif
  assert(r == f);
  return 0;
}
