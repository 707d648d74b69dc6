// Rate limiter (SV-COMP rlim_invariant shape): the output follows a
// bounded input, moving at most 10 per step.
// expect: unproved (needs a relational domain: the clamp relates d to out)
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "ratelimit.c", 7, "reach_error"); }

int main(void) {
  double out = 0.0;
  for (int i = 0; i < 100000; i++) {
    OBSERVE(out);
    double in = __VERIFIER_nondet_double();
    __VERIFIER_assume(in >= -1000.0 && in <= 1000.0);
    double d = in - out;
    if (d > 10.0) d = 10.0;
    else if (d < -10.0) d = -10.0;
    out = out + d;
    if (!(out >= -1010.0 && out <= 1010.0)) reach_error();
  }
  return 0;
}
