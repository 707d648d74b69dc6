/*
 * rm_sqrt_square: a false property a prover must never prove.
 *
 * sqrt(x)^2 <= x for x = 2 holds to nearest (2.0000000475 rounds to 2)
 * but not upward. TWIN: never upward.
 * Witness: rm_sqrt_square.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

static void set_mode(int m) {
  switch (m) {
  case 0: fesetround(FE_TONEAREST); break;
  case 1: fesetround(FE_UPWARD); break;
  case 2: fesetround(FE_TOWARDZERO); break;
  default: fesetround(FE_DOWNWARD); break;
  }
}

int main(void) {
  float x;
  int m;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume(x == 2.0f);
#ifdef TWIN
  klee_assume(m == 0 | m == 2 | m == 3);
#else
  klee_assume(m >= 0 & m <= 3);
#endif
  set_mode(m);
  volatile float y = sqrtf(x);
  volatile float z = y * y;
  fesetround(FE_TONEAREST);
  assert(z <= x);
  return 0;
}
