// Rate limiter (the loops category's rate_limiter): y follows inputs in
// [-128, 128] and moves at most 100 per step. The bound needs the
// relation of the clamped difference to y: the cell equation
// delta = fl(x - y) carries the test delta > 100 back to y <= 28.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "ratelimit_step.c", 9, "reach_error"); }

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
        y = y + 100.0f;
    } else {
      y = y - 100.0f;
    }
    OBSERVE(y);
    if (!(y >= -128.0f && y <= 128.0f)) reach_error();
  }
  return 0;
}
