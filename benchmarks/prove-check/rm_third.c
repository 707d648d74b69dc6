/*
 * rm_third: a false property a prover must never prove.
 *
 * 3 * (1/3) <= 1 in float holds to nearest, downward and toward zero, not
 * upward (1.0000001). The mode is an input. TWIN: never upward.
 * Witness: rm_third.witness (checked natively by scripts/prove-check.sh).
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
  float t;
  int m;
  klee_make_symbolic(&t, sizeof t, "t");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume(t == 3.0f);
#ifdef TWIN
  klee_assume(m == 0 | m == 2 | m == 3);
#else
  klee_assume(m >= 0 & m <= 3);
#endif
  set_mode(m);
  volatile float y = 1.0f / t;
  volatile float z = y * t;
  fesetround(FE_TONEAREST);
  assert(z <= 1.0f);
  return 0;
}
