/*
 * Inverse of a symbolic 2x2 matrix [a b; c d] by the adjugate formula
 * after a singularity check on the determinant.
 *
 * Default (bug): entries only finite, singularity check det == 0.
 *   a = 2^127, d = 2^-140, b = c = 0: det = 2^-13 and a/det = 2^140
 *   overflows to +inf (and a*d - b*c can itself be inf - inf = NaN).
 * SAFE (correct): entries in [-100, 100] and |det| >= 1e-3: every entry
 *   of the inverse is at most 100 / 1e-3 = 1e5 in magnitude, finite.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE m[4];
  klee_make_symbolic(m, sizeof m, "m");
  for (int i = 0; i < 4; i++) {
#ifdef SAFE
    klee_assume((m[i] >= -100) & (m[i] <= 100));
#else
    klee_assume(isfinite(m[i]));
#endif
  }
  TYPE a = m[0], b = m[1], c = m[2], d = m[3];
  TYPE det = a * d - b * c;
#ifdef SAFE
  if (det > (TYPE)-1e-3 && det < (TYPE)1e-3)
    return 0;
#else
  if (det == 0)
    return 0;
#endif
  TYPE inv[4] = {d / det, -b / det, -c / det, a / det};
  for (int i = 0; i < 4; i++)
    assert(isfinite(inv[i]));
  return 0;
}
