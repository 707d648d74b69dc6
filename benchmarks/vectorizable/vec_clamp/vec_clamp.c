/*
 * Clamping v = a[i] * s to [0, 1] over 8 lanes (vectorizable at -O3 into
 * max/min vector operations; the runner compiles at -O0 unless told
 * otherwise).  A clamp written with comparisons lets NaN through; fmaxf
 * and fminf return the non-NaN operand.
 *
 * Default (bug): s = NaN (or s = inf with a[i] = 0) gives out[i] = NaN.
 * FMINMAX (correct, checked exhaustively): fmaxf(v, 0) is >= 0 and not
 *   NaN, fminf of that and 1 is in [0, 1].
 */
#include <assert.h>
#include <math.h>
#include "svcomp/svcomp.h"

#define N 8

static const float a[N] = {0.0f, 0.5f, -1.0f, 2.0f, 1e-3f, -1e3f, 0.125f, 1.0f};

int main(void) {
  float s = __VERIFIER_nondet_float();
  float out[N];
  for (int i = 0; i < N; i++) {
    float v = a[i] * s;
#ifdef FMINMAX
    v = fminf(fmaxf(v, 0.0f), 1.0f);
#else
    v = v < 0.0f ? 0.0f : v;
    v = v > 1.0f ? 1.0f : v;
#endif
    out[i] = v;
  }
  for (int i = 0; i < N; i++)
    __VERIFIER_assert(out[i] >= 0.0f && out[i] <= 1.0f);
  return 0;
}
