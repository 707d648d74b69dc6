// Newton's iteration for sqrt(a), a in [1, 100], eight steps from
// (1 + a)/2 in each of many iterations: the residual stays within 1e-4 a.
// expect: proved (subdivision: the inner loop unrolled by path, a's range bisected, affine forms)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  for (int i = 0; i < 100000; i++) {
    float a = __VERIFIER_nondet_float();
    __VERIFIER_assume(a >= 1.0f && a <= 100.0f);
    float x = (1.0f + a) / 2.0f;
    for (int k = 0; k < 8; k++) {
      x = (x + a / x) / 2.0f;
      OBSERVE(x);
    }
    float r = x * x - a;
    OBSERVE(r);
    CHECK(r <= 1e-4f * a && -r <= 1e-4f * a);
  }
  return 0;
}
