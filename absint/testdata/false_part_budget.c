// An accumulator reset every 40 additions, past the partition budget (32
// parts): the count key is given up and its parts joined, so nothing
// bounds the sum by 32 — which is false: 33 inputs of 1 make 33. A
// partitioning that dropped the parts past its budget instead of joining
// them would "prove" it.
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
    CHECK(sum <= 32.5f);
    if (count >= 40) {
      sum = 0.0f;
      count = 0;
    }
  }
  return 0;
}
