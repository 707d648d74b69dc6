/*
 * rm_add_tiny: a false property a prover must never prove.
 *
 * x + 2^-30 == x for x in [1, 2] holds in three rounding modes but not
 * upward. TWIN: the mode is never upward.
 * Witness: rm_add_tiny.witness (checked natively by scripts/prove-check.sh).
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
  klee_assume(x >= 1.0f & x <= 2.0f);
#ifdef TWIN
  klee_assume(m == 0 | m == 2 | m == 3);
#else
  klee_assume(m >= 0 & m <= 3);
#endif
  set_mode(m);
  volatile float y = x + 0x1p-30f;
  fesetround(FE_TONEAREST);
  assert(y == x);
  return 0;
}
