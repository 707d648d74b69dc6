// Linear interpolation in a float table at x = 7u, u in [0, 1]
// (loops/interp_table's shape): t = x - (int)x is only in [0, 1) once x
// is split by its integer part (value partitioning at the fptosi), and
// each part reads two exact table entries.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
static const float T[9] = {0, 3, 7, 12, 10, -3, 2, 4, 1000};
int main(void) {
  for (int i = 0; i < 100000; i++) {
    float u = __VERIFIER_nondet_float();
    __VERIFIER_assume(u >= 0.0f && u <= 1.0f);
    float x = u * 7.0f;
    int k = (int)x;
    if (k > 6)
      k = 6;
    float t = x - (float)k;
    OBSERVE(t);
    float y = T[k] + t * (T[k + 1] - T[k]);
    OBSERVE(y);
    CHECK(y >= -3.0f && y <= 12.0f);
  }
  return 0;
}
