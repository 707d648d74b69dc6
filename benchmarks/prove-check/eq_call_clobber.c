/*
 * eq_call_clobber: a false property a prover must never prove.
 *
 * d = x - y is computed, then a call writes y through a pointer (y += 50):
 * the test d > 100 (y < 28) no longer bounds y. y = 0: d = 128 > 100 and
 * y = 50. A relational domain must drop d = fl(x - y) at a call that may
 * write y.
 * TWIN: y <= 78 (28 + 50).
 * Witness: eq_call_clobber.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

static void bump(float *p) { *p = *p + 50.0f; }

int main(void) {
  float y = __VERIFIER_nondet_float();
  __VERIFIER_assume(y >= -128.0f && y <= 128.0f);
  float x = 128.0f;
  float d = x - y;
  bump(&y);
  if (d > 100.0f) {
#ifdef TWIN
    assert(y <= 78.0f);
#else
    assert(y <= 28.0f);
#endif
  }
  return 0;
}
