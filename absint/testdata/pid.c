// PID-style controller with anti-windup: the integral term is clamped,
// the output saturated; the plant's measurement is a bounded input.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  float integ = 0.0f, u = 0.0f;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(integ);
    OBSERVE(u);
    float ref = __VERIFIER_nondet_float(), y = __VERIFIER_nondet_float();
    __VERIFIER_assume(ref >= -10.0f && ref <= 10.0f);
    __VERIFIER_assume(y >= -50.0f && y <= 50.0f);
    float e = ref - y;
    integ = integ + 0.01f * e;
    if (integ > 10.0f) integ = 10.0f;
    if (integ < -10.0f) integ = -10.0f;
    u = 2.0f * e + 0.5f * integ;
    if (u > 100.0f) u = 100.0f;
    if (u < -100.0f) u = -100.0f;
    CHECK(u >= -100.0f && u <= 100.0f);
    CHECK(integ >= -10.0f && integ <= 10.0f);
  }
  return 0;
}
