/*
 * part_budget_join: a false property a prover must never prove.
 *
 * An accumulator of inputs in [0, 1] reset every 40 additions: the count
 * takes 40 values at the loop head, past the partition budget (32 parts),
 * so its key is given up and the parts are joined — and the bound 32.5
 * is false: 33 inputs of 1 sum to 33. A partitioning that dropped the
 * parts past its budget (counts 32..39) instead of joining them would
 * prove it. TWIN: the bound 40, true (not provable within the budget).
 * Witness: part_budget_join.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  float sum = 0.0f;
  int count = 0;
  for (int i = 0; i < 100; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    sum = sum + x;
    count++;
#ifdef TWIN
    assert(sum <= 40.0f);
#else
    assert(sum <= 32.5f);
#endif
    if (count >= 40) {
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
