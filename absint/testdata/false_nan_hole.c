// "if (E < 0 || E > 1) return" lets NaN through: E in [0, 1] is false.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  for (int i = 0; i < 1000; i++) {
    double e = __VERIFIER_nondet_double();
    if (e < 0.0 || e > 1.0) continue;
    OBSERVE(e);
    CHECK(e >= 0.0 && e <= 1.0);
  }
  return 0;
}
