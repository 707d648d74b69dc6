/*
 * eq_stale_operand: a false property a prover must never prove.
 *
 * d = x - y is computed, then y is overwritten (y = z): the test d > 100
 * says nothing about the new y. y = 0, z = 100: d = 128 > 100 and y = 100.
 * A relational domain must drop d = fl(x - y) when y is written.
 * TWIN: y <= 128 (z's own bound).
 * Witness: eq_stale_operand.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  float y = __VERIFIER_nondet_float(), z = __VERIFIER_nondet_float();
  __VERIFIER_assume(y >= -128.0f && y <= 128.0f && z >= -128.0f && z <= 128.0f);
  float x = 128.0f;
  float d = x - y;
  y = z;
  if (d > 100.0f) {
#ifdef TWIN
    assert(y <= 128.0f);
#else
    assert(y <= 28.0f);
#endif
  }
  return 0;
}
