// Newton iterations for sqrt(a), a in [1, 4], from y0 = 1.5, six steps:
// the iterate stays positive and finite.
// expect: proved (subdivision: the inner loop unrolled by path, one box; the fixpoint's hull of the iterates diverges under delayed widening)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  for (int k = 0; k < 100000; k++) {
    double a = __VERIFIER_nondet_double();
    __VERIFIER_assume(a >= 1.0 && a <= 4.0);
    double y = 1.5;
    for (int j = 0; j < 6; j++) {
      OBSERVE(y);
      y = 0.5 * (y + a / y);
    }
    CHECK(y > 0.0 && y < 1e300);
  }
  return 0;
}
