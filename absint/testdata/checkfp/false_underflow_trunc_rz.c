// underflow_trunc_rn.c in round-toward-zero: x = 2 - 2^-24 gives the
// double 2^-126 - 2^-151, which rounds (24 bits, unbounded exponent) to
// 2^-126 - 2^-150 < FLT_MIN: tiny and inexact, underflow.
// checkfp: underflow
// expect: false
#include <fenv.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
int main(void) {
  fesetround(FE_TOWARDZERO);
  float r = 0.0f;
  for (int i = 0; i < 1000; i++) {
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= 0x1.ffffffp0 && x <= 2.0);
    r = (float)(x * 0x1p-127);
  }
  return r > 0.0f;
}
