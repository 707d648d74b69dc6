/*
 * copysign(1, x) reads the sign bit, "x < 0 ? -1 : 1" reads the value:
 * they disagree on -0.0 (and on NaNs with the sign bit set).
 *
 * BUG: x = -0.0 gives -1 vs 1.
 * Correct (no BUG): signbit(x) reads the same bit as copysign (NaN is
 *   excluded by assumption: its sign is not modelled by every solver).
 */
#include <assert.h>
#include <tgmath.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef BUG
  assert(copysign((TYPE)1, x) == (x < 0 ? -1 : 1));
#else
  klee_assume(!isnan(x));
  assert(copysign((TYPE)1, x) == (signbit(x) ? -1 : 1));
#endif
  return 0;
}
