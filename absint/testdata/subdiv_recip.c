// Division-free Newton reciprocal, d = (1 + t)/2 in [0.5, 1], three steps from the
// minimax line 48/17 - 32/17 d (fused or not: clang contracts d*x - 1):
// |d x - 1| stays within 1e-6.
// expect: proved (subdivision: the inner loop unrolled by path, d's range bisected, affine forms)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  for (int i = 0; i < 100000; i++) {
    float t = __VERIFIER_nondet_float();
    __VERIFIER_assume(t >= 0.0f && t <= 1.0f);
    float d = 0.5f + 0.5f * t; // the harness draws t in [0, 1] often
    float x = 48.0f / 17.0f - 32.0f / 17.0f * d;
    for (int k = 0; k < 3; k++) {
      x = x * (2.0f - d * x);
      OBSERVE(x);
    }
    float e = d * x - 1.0f;
    OBSERVE(e);
    CHECK(e <= 1e-6f && -e <= 1e-6f);
  }
  return 0;
}
