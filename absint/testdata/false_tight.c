// x = 0.5*x + 0.5*in with in in [0, 1] reaches 1.0 (in = 1, x = 1), so
// x <= 1 - 2^-53 (one ulp below 1) is false.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  double x = 1.0;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(x);
    double in = __VERIFIER_nondet_double();
    __VERIFIER_assume(in >= 0.0 && in <= 1.0);
    x = 0.5 * x + 0.5 * in;
    CHECK(x <= 0x1.fffffffffffffp-1);
  }
  return 0;
}
