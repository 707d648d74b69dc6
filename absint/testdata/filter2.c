// Second-order filter (Feret's example): y = 1.5*y1 - 0.7*y2 + 0.5*x,
// |x| <= 1; bounded by about 4.64 (|y| <= 7 by the ellipsoid).
// expect: proved (intervals diverge, 1.5 + 0.7 > 1: the filter ellipsoid bounds it)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  double y1 = 0.0, y2 = 0.0;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(y1);
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
    double y = 1.5 * y1 - 0.7 * y2 + 0.5 * x;
    y2 = y1;
    y1 = y;
    OBSERVE(y);
    CHECK(y >= -10.0 && y <= 10.0);
  }
  return 0;
}
