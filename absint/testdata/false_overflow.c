// x *= 1.5f from [1, 2] overflows float after about 219 steps: "x stays
// finite" is false, though every unrolled early iteration is finite.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x >= 1.0f && x <= 2.0f);
  for (int i = 0; i < 300; i++) {
    OBSERVE(x);
    x = x * 1.5f;
  }
  CHECK(x < 1e38f * 10.0f);
  return 0;
}
