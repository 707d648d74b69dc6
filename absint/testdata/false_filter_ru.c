// The float filter x = 0.875x + 0.125in under FE_UPWARD: with in = 1
// every step, x reaches 1.0 exactly, so x < 1 is false (one ulp).
// expect: false
#include <fenv.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  fesetround(FE_UPWARD);
  float x = 0.0f;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(x);
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -1.0f && in <= 1.0f);
    x = 0.875f * x + 0.125f * in;
    CHECK(x < 1.0f);
  }
  return 0;
}
