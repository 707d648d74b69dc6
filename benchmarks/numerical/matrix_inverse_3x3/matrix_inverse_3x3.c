/*
 * Inverse of the symmetric tridiagonal matrix [a 1 0; 1 a 1; 0 1 a]
 * (det = a^3 - 2a) by its adjugate [a^2-1 -a 1; -a a^2 -a; 1 -a a^2-1].
 *
 * Default (bug): only "det == 0" is rejected.  a = 2^-140 gives
 *   det = -2^-139 and (a^2 - 1)/det = 2^139 = inf in single precision;
 *   a = 1e20 gives a^2 = inf and inf/inf = NaN.
 * SAFE (correct, checked exhaustively): |a| <= 100 and |det| >= 1e-3:
 *   adjugate entries are at most 1e4, the inverse at most 1e7.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float a;
  klee_make_symbolic(&a, sizeof a, "a");
#ifdef SAFE
  klee_assume((a >= -100.0f) & (a <= 100.0f));
#else
  klee_assume(isfinite(a));
#endif
  float a2 = a * a;
  float det = a * (a2 - 1.0f) - a;
#ifdef SAFE
  if (det > -1e-3f && det < 1e-3f)
    return 0;
#else
  if (det == 0.0f)
    return 0;
#endif
  float adj[9] = {a2 - 1.0f, -a, 1.0f, -a, a2, -a, 1.0f, -a, a2 - 1.0f};
  for (int i = 0; i < 9; i++) {
    float v = adj[i] / det;
    assert(isfinite(v));
  }
  return 0;
}
