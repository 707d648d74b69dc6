// Barycentric 0.1*a + 0.9*b <= max(a, b) fails in FE_UPWARD at a = b = 1
// (1 + 2^-52).
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
  double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= 0.0 && a <= 1.0);
  __VERIFIER_assume(b >= 0.0 && b <= 1.0);
  double m = a > b ? a : b;
  double c = 0.1 * a + 0.9 * b;
  OBSERVE(c);
  CHECK(c <= m);
  return 0;
}
