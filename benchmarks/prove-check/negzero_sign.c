/*
 * negzero_sign: a false property a prover must never prove.
 *
 * x == 0 does not mean the sign bit is clear. TWIN: fabs first.
 * Witness: negzero_sign.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x == 0.0);
#ifdef TWIN
  x = fabs(x);
#endif
  assert(!signbit(x));
  return 0;
}
