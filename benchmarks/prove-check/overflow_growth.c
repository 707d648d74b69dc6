/*
 * overflow_growth: a false property a prover must never prove.
 *
 * x in [1, 2] multiplied by 1.5 n times, n in [0, 300]: INF from about
 * n = 218 on. TWIN: n at most 200 (2 * 1.5^200 = 3.3e35).
 * Witness: overflow_growth.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x;
  int n;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(x >= 1.0f & x <= 2.0f);
#ifdef TWIN
  klee_assume(n >= 0 & n <= 200);
#else
  klee_assume(n >= 0 & n <= 300);
#endif
  for (int i = 0; i < n; i++)
    x = x * 1.5f;
  assert(isfinite(x));
  return 0;
}
