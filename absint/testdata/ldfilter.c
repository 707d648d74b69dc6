// First-order filter in x87 long double: x = x/2 + in, |in| <= 1.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  long double x = 0.0L;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(x);
    double in = __VERIFIER_nondet_double();
    __VERIFIER_assume(in >= -1.0 && in <= 1.0);
    x = 0.5L * x + in;
    CHECK(x >= -2.0L && x <= 2.0L);
  }
  return 0;
}
