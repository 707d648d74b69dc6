// Rate limiter whose step (101) is one more than its test's threshold
// (100): y = 27.5, then x = 128 gives delta = 100.5 and y = 128.5.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "false_ratelimit_step.c", 8, "reach_error"); }

int main(void) {
  float y = 50.0f;
  for (int i = 0; i < 100000; i++) {
    OBSERVE(y);
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -128.0f && x <= 128.0f);
    float delta = x - y;
    if (delta >= -100.0f) {
      if (delta <= 100.0f)
        y = x;
      else
        y = y + 101.0f;
    } else {
      y = y - 101.0f;
    }
    OBSERVE(y);
    if (!(y >= -128.0f && y <= 128.0f)) reach_error();
  }
  return 0;
}
