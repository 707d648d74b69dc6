/*
 * overflow_sum10: a false property a prover must never prove.
 *
 * The sum of 10 inputs in [0, 3.5e37] reaches 3.5e38 > FLT_MAX: INF.
 * TWIN: inputs at most 3.4e37 (sum at most 3.4e38 < FLT_MAX, rounding
 * monotone).
 * Witness: overflow_sum10.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float a[10];
  klee_make_symbolic(a, sizeof a, "a");
  float s = 0.0f;
  for (int i = 0; i < 10; i++) {
#ifdef TWIN
    klee_assume(a[i] >= 0.0f & a[i] <= 3.4e37f);
#else
    klee_assume(a[i] >= 0.0f & a[i] <= 3.5e37f);
#endif
    s += a[i];
  }
  assert(s <= FLT_MAX);
  return 0;
}
