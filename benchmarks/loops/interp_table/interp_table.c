/*
 * Linear interpolation in a table of 8 samples (integers, so every
 * difference is exact) at N fresh points x in [0, 7] (SV-COMP's
 * interpolation shape); checks that the result lies within the table's
 * range [-3, 12].
 *
 * Correct: i = (int)x is clamped to [0, 6], t = x - i is exact (Sterbenz)
 *   and in [0, 1], and T[i] + t (T[i+1] - T[i]) rounds monotonically
 *   between T[i] and T[i+1] (t*d rounds to at most |d| in magnitude and the
 *   sum of a float and a value between 0 and d rounds into [T[i], T[i+1]]
 *   since both ends are floats).
 * BUG (the input range grows to [0, 7.5] but the clamp is i <= 7, one too
 *   many): x in (7, 7.5] interpolates between T[7] and T[8], the sentinel
 *   after the table: x = 7.5 gives 4 + 0.5 * 996 = 502.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif

static const float T[9] = {0, 3, 7, 12, 10, -3, 2, 4, 1000 /* sentinel */};

int main(void) {
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
#ifdef BUG
    __VERIFIER_assume(x >= 0.0f && x <= 7.5f);
    int k = (int)x;
    if (k > 7)
      k = 7;
#else
    __VERIFIER_assume(x >= 0.0f && x <= 7.0f);
    int k = (int)x;
    if (k > 6)
      k = 6;
#endif
    float t = x - (float)k;
    float y = T[k] + t * (T[k + 1] - T[k]);
    __VERIFIER_assert(y >= -3.0f && y <= 12.0f);
  }
  return 0;
}
