// First-order low-pass filter fed by fresh bounded inputs (SV-COMP
// float-benchs filter1 shape): x = a*x + b*in, 0 < a < 1, |in| <= 1.
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "filter1.c", 7, "reach_error"); }

int main(void) {
  float x = 0.0f;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(x);
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -1.0f && in <= 1.0f);
    x = 0.875f * x + 0.125f * in;
    if (!(x >= -1.5f && x <= 1.5f)) reach_error();
  }
  return 0;
}
