// The accumulator's reset one iteration late (count > 3): four inputs of
// 1 sum to 4, past the bound 3. Partitioning on count keeps sum <= 4 at
// count 3 — never sum <= 3.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  float sum = 0.0f;
  int count = 0;
  for (int i = 0; i < 100000; i++) {
    OBSERVE(sum);
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    sum = sum + x;
    count++;
    OBSERVE(sum);
    CHECK(sum <= 3.0f);
    if (count > 3) {
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
