/*
 * fpx_int_sum_2p24: a false property a prover must never prove.
 * check-fp: inexact (the property: no operation raises FE_INEXACT).
 *
 * Adding the odd integer 1000001 to a float k times, k in [0, 20]: the
 * sum stays an integer, and exact while it is below 2^24 = 16777216
 * (16 additions give 16000016); the 17th gives 17000017, odd and above
 * 2^24: inexact. TWIN: k at most 16.
 * Witness: fpx_int_sum_2p24.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: inexact
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  int k = __VERIFIER_nondet_int();
#ifdef TWIN
  __VERIFIER_assume(k >= 0 && k <= 16);
#else
  __VERIFIER_assume(k >= 0 && k <= 20);
#endif
  float s = 0.0f;
  for (int i = 0; i < k; i++)
    s += 1000001.0f;
  return s > 1.0f;
}
