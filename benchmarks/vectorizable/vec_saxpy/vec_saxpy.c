/*
 * c[i] = s * a[i] + b[i] over 8 lanes: a loop that LLVM vectorizes at -O3
 * (into <4 x float> or <8 x float> fmul/fadd, scalarized again by the
 * executor).  The spec format has no compile flags; floatsym's runner
 * compiles at -O0, pass -O3 by hand to test vector code.
 *
 * Default (bug): s = +inf makes s * a[0] = inf * 0 = NaN.
 * FINITE (correct, checked exhaustively): for finite s each product is
 *   finite or +-inf, plus a finite b[i] never gives NaN.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#define N 8

static const float a[N] = {0.0f, 1.0f, -2.0f, 3.5f, 0.25f, -0.75f, 8.0f, 1e-3f};
static const float b[N] = {1.0f, -1.0f, 0.5f, 2.0f, -3.0f, 1e6f, 0.0f, -0.5f};

int main(void) {
  float s, c[N];
  klee_make_symbolic(&s, sizeof s, "s");
#ifdef FINITE
  klee_assume(isfinite(s));
#endif
  for (int i = 0; i < N; i++)
    c[i] = s * a[i] + b[i];
  for (int i = 0; i < N; i++)
    assert(c[i] == c[i]);
  return 0;
}
