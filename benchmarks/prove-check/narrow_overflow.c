/*
 * narrow_overflow: a false property a prover must never prove.
 *
 * (float)d for d in [0, 1e39] is INF above FLT_MAX (and from
 * FLT_MAX + half an ulp on). TWIN: d at most 3.4e38.
 * Witness: narrow_overflow.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double d;
  klee_make_symbolic(&d, sizeof d, "d");
#ifdef TWIN
  klee_assume(d >= 0.0 & d <= 3.4e38);
#else
  klee_assume(d >= 0.0 & d <= 1e39);
#endif
  float f = (float)d;
  assert(isfinite(f));
  return 0;
}
