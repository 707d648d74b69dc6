// Accumulator with resets: s sums bounded inputs and is reset to zero
// when it leaves [-100, 100].
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  double s = 0.0;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(s);
    double in = __VERIFIER_nondet_double();
    __VERIFIER_assume(in >= -1.0 && in <= 1.0);
    s = s + in;
    if (s > 100.0 || s < -100.0) s = 0.0;
    CHECK(s >= -100.0 && s <= 100.0);
  }
  return 0;
}
