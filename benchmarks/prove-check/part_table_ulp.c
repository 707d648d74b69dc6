/*
 * part_table_ulp: a false property a prover must never prove.
 *
 * Linear interpolation in a table whose entry 1 is one ulp above the
 * claimed bound 8 (8 + 2^-20): at x = 1 (t = 0) the result is that entry.
 * Split by the integer part of x, each part reads exact entries, so the
 * part k = 1 holds 8 + 2^-20 exactly — never below 8. TWIN: the entry is
 * 8, and y <= 8 holds (t in [0, 1) and monotone rounding between entries).
 * Witness: part_table_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
static const float T[5] = {0.0f, 8.0f, 2.0f, 5.0f, 1.0f};
#else
static const float T[5] = {0.0f, 0x1.000002p+3f, 2.0f, 5.0f, 1.0f};
#endif

int main(void) {
  for (int i = 0; i < 20; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 4.0f);
    int k = (int)x;
    if (k > 3)
      k = 3;
    float t = x - (float)k;
    float y = T[k] + t * (T[k + 1] - T[k]);
    assert(y >= 0.0f && y <= 8.0f);
  }
  return 0;
}
