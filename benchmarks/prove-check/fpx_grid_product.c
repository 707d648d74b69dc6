/*
 * fpx_grid_product: a false property a prover must never prove.
 * check-fp: inexact (the property: no operation raises FE_INEXACT).
 *
 * (float)a * (float)b for integers a, b in [0, 4097]: both factors are
 * exact integers (grid 2^0) and products up to 4096 * 4096 = 2^24 are
 * floats, but 4097 * 4097 = 16785409 needs 25 significant bits: inexact.
 * TWIN: a, b at most 4096.
 * Witness: fpx_grid_product.witness (checked natively by scripts/prove-check.sh).
 */
// check-fp: inexact
#include <assert.h>
#include "svcomp/svcomp.h"

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
#ifdef TWIN
  __VERIFIER_assume(a >= 0 && a <= 4096 && b >= 0 && b <= 4096);
#else
  __VERIFIER_assume(a >= 0 && a <= 4097 && b >= 0 && b <= 4097);
#endif
  float p = (float)a * (float)b;
  return p > 1.0f;
}
