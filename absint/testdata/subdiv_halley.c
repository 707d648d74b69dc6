// Householder's third-order (Halley) iteration for sqrt(a), a = 0.25 + 3.75 t
// in [0.25, 4] for t in [0, 1] (double), five steps from x = 1 in each of many
// iterations: |x x - a| stays within 1e-12 a. First-order forms keep the
// curvature of sqrt in x x - a (some 10^6 boxes); Taylor models do not.
// expect: proved (subdivision: the inner loop unrolled by path, t's range bisected, affine forms then Taylor models)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  for (int i = 0; i < 100000; i++) {
    double t = __VERIFIER_nondet_double();
    __VERIFIER_assume(t >= 0.0 && t <= 1.0);
    double a = 0.25 + 3.75 * t;
    OBSERVE(a);
    double x = 1.0;
    for (int k = 0; k < 5; k++) {
      x = x * (x * x + 3.0 * a) / (3.0 * x * x + a);
      OBSERVE(x);
    }
    double r = x * x - a;
    OBSERVE(r);
    CHECK(r <= 1e-12 * a && -r <= 1e-12 * a);
  }
  return 0;
}
