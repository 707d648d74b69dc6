// Barycentric smoothing (SV-COMP bary_diverge shape, bounded): each
// step moves x to a convex combination of itself and a bounded input.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "bary.c", 7, "reach_error"); }

int main(void) {
  double x = 0.0;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(x);
    double y = __VERIFIER_nondet_double();
    __VERIFIER_assume(y >= 0.0 && y <= 100.0);
    x = 0.25 * x + 0.75 * y;
    if (!(x >= -1.0 && x <= 101.0)) reach_error();
  }
  return 0;
}
