// A damped rotation (the loops category's rotation): p' = 0.6 p - 0.7 q
// + x, q' = 0.7 p + 0.6 q, x in [-1, 1]. The ellipsoid alone gives 12.8
// (spectral radius 0.92); the unrolled bound (the last 256 inputs as a
// zonotope over the ellipsoid's tail) gives sup p = 8.362, q = 7.794.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "rotation.c", 10, "reach_error"); }

int main(void) {
  double p = 0.0, q = 0.0;
  for (int i = 0; i < 100000; i++) {
    OBSERVE(p);
    OBSERVE(q);
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
    double np = 0.6 * p - 0.7 * q + x;
    double nq = 0.7 * p + 0.6 * q;
    p = np;
    q = nq;
    if (!(p >= -8.37 && p <= 8.37 && q >= -7.8 && q <= 7.8)) reach_error();
  }
  return 0;
}
