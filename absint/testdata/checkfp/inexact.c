// 1/x for x in [1, 2] is inexact (x = 1.5: 1/1.5 is not a float): the
// inexact site is never proved (it was not analysed before the grid).
// checkfp: inexact
// expect: false
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
