/*
 * midpoint_overflow: a false property a prover must never prove.
 *
 * (a + b) / 2 lies between a and b, unless a + b overflows: a = b = 3e38
 * gives INF. TWIN: a and b in [-1e38, 1e38] (no overflow; with rounding to
 * nearest the rounded midpoint of two floats stays between them).
 * Witness: midpoint_overflow.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
#ifdef TWIN
  klee_assume(a >= -1e38f & a <= 1e38f & b >= -1e38f & b <= 1e38f);
#else
  klee_assume(a >= -FLT_MAX & a <= FLT_MAX & b >= -FLT_MAX & b <= FLT_MAX);
#endif
  float m = (a + b) / 2.0f;
  float lo = a < b ? a : b, hi = a < b ? b : a;
  assert(m >= lo && m <= hi);
  return 0;
}
