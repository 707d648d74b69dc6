/*
 * A vector routine over 5 symbolic floats: each element is cleaned (NaN
 * to 0) and clamped to [-1, 1], then the minimum, maximum and range of the
 * clean vector are taken. Three branches per element and two per scan
 * step: 3^5 * 2^8 paths without state merging (--merge=on joins each
 * branch's two sides).
 *
 * Correct: after the cleaning every element is a number in [-1, 1], the
 *   minimum and maximum are elements, so -1 <= min <= max <= 1 and the
 *   range max - min is in [0, 2] (exact or rounded monotonically).
 * BUG (NaN not cleaned): a NaN passes both clamp comparisons unchanged;
 *   in v[0] it starts the minimum and maximum and no comparison with it
 *   is true, so it stays: v = {NaN, 0, 0, 0, 0} fails -1 <= min.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#define N 5

int main(void) {
  float v[N];
  klee_make_symbolic(v, sizeof v, "v");
  for (int i = 0; i < N; i++) {
#ifndef BUG
    if (isnan(v[i]))
      v[i] = 0.0f;
#endif
    if (v[i] > 1.0f)
      v[i] = 1.0f;
    else if (v[i] < -1.0f)
      v[i] = -1.0f;
  }
  float mn = v[0], mx = v[0];
  for (int i = 1; i < N; i++) {
    if (v[i] < mn)
      mn = v[i];
    if (v[i] > mx)
      mx = v[i];
  }
  float range = mx - mn;
  assert(-1.0f <= mn && mn <= mx && mx <= 1.0f && range >= 0.0f && range <= 2.0f);
  return 0;
}
