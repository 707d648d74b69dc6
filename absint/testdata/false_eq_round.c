// A difference that rounds up to its threshold: d = fl(1 - y) >= 1 holds
// for y = 2^-25 (1 - 2^-25 ties to 1 in round to nearest), so y <= 0
// is false there. The backward step of the cell equation d = fl(x - y)
// must give x - y > pred(1), not x - y >= 1.
// expect: false
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "false_eq_round.c", 10, "reach_error"); }

int main(void) {
  float x = 1.0f;
  float y = __VERIFIER_nondet_float();
  __VERIFIER_assume(y >= 0.0f && y <= 1.0f);
  float d = x - y;
  OBSERVE(d);
  if (d >= 1.0f) {
    OBSERVE(y);
    if (!(y <= 0.0f)) reach_error();
  }
  return 0;
}
