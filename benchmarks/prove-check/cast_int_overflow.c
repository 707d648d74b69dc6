/*
 * cast_int_overflow: a false property a prover must never prove.
 *
 * (int)x for x in [0, 3e9] is out of range from 2^31 on: x86 gives
 * INT_MIN (undefined in C). TWIN: x at most 2e9.
 * Witness: cast_int_overflow.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 0.0f & x <= 2e9f);
#else
  klee_assume(x >= 0.0f & x <= 3e9f);
#endif
  int i = (int)x;
  assert(i >= 0);
  return 0;
}
