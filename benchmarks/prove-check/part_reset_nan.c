/*
 * part_reset_nan: a false property a prover must never prove.
 *
 * The accumulator with its reset every 3 additions, but the input filter
 * "if (x < 0 || x > 1) continue;" lets NaN through (both tests are
 * false): the sum becomes NaN and "sum <= 3" fails. Per count value the
 * parts must keep the NaN flag. TWIN: "if (!(x >= 0 && x <= 1))
 * continue;", which rejects NaN.
 * Witness: part_reset_nan.witness (checked natively by scripts/prove-check.sh).
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
#ifdef TWIN
    if (!(x >= 0.0f && x <= 1.0f))
      continue;
#else
    if (x < 0.0f || x > 1.0f)
      continue;
#endif
    sum = sum + x;
    count++;
    assert(sum <= 3.0f);
    if (count >= 3) {
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
