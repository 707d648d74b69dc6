// An index computed from a double rounded to float first: d just below 4
// (d > 4 - 2^-23) rounds to 4.0f, whose integer part 4 reads the sentinel
// 100 — over the reals (and for (int)d) the index stays at most 3. The
// split of x by its integer part must keep the part k = 4.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
static const float T[5] = {1, 2, 3, 4, 100};
int main(void) {
  for (int i = 0; i < 100000; i++) {
    double d = __VERIFIER_nondet_double() * 4.0;
    __VERIFIER_assume(d >= 0.0 && d < 4.0);
    float x = (float)d;
    int k = (int)x;
    OBSERVE(x);
    float y = T[k];
    OBSERVE(y);
    CHECK(y <= 4.0f);
  }
  return 0;
}
