// inexact is not analysed: asking for it gives up (not proved), though
// the program is the same as div_guarded.c.
// checkfp: inexact
// expect: unproved (inexact sites are not analysed)
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 1.0f && x <= 2.0f);
    s = 1.0f / x;
  }
  return (int)s;
}
