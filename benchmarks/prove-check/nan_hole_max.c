/*
 * nan_hole_max: a false property a prover must never prove.
 *
 * A hand-written max(x, 0) returns 0 for NaN, and 0 >= NaN is false.
 * TWIN: NaN excluded.
 * Witness: nan_hole_max.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef TWIN
  klee_assume(!isnan(x));
#endif
  double m = x > 0.0 ? x : 0.0;
  assert(m >= 0.0 && m >= x);
  return 0;
}
