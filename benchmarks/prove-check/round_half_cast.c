/*
 * round_half_cast: a false property a prover must never prove.
 *
 * (int)(x + 0.5) is not lrint(x): halves round up, not to even (x = 2.5
 * gives 3, lrint 2).
 * Witness: round_half_cast.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0.0f & x <= 10.0f);
  int i = (int)(x + 0.5f);
  assert(i == lrintf(x));
  return 0;
}
