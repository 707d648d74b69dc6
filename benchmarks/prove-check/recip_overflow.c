/*
 * recip_overflow: a false property a prover must never prove.
 *
 * 1 / x for x in [2^-130, 1] (a subnormal lower end) overflows to INF.
 * TWIN: x at least 2^-127.
 * Witness: recip_overflow.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef TWIN
  klee_assume(x >= 0x1p-127f & x <= 1.0f);
#else
  klee_assume(x >= 0x1p-130f & x <= 1.0f);
#endif
  float y = 1.0f / x;
  assert(isfinite(y));
  return 0;
}
