/*
 * part_reset_late: a false property a prover must never prove.
 *
 * An accumulator of inputs in [0, 1] reset one iteration late (count > 3
 * instead of count >= 3): four inputs of 1 sum to 4 > 3. Partitioning the
 * loop head on count keeps sum <= count per part, i.e. sum <= 4 at count
 * 3 — not sum <= 3. TWIN: the reset at count >= 3, where sum <= 3 holds
 * (rounding is monotone: fl(fl(a + b) + c) <= 3).
 * Witness: part_reset_late.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  float sum = 0.0f;
  int count = 0;
  for (int i = 0; i < 20; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    sum = sum + x;
    count++;
    assert(sum <= 3.0f);
#ifdef TWIN
    if (count >= 3) {
#else
    if (count > 3) {
#endif
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
