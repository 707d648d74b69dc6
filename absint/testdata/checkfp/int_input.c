// 1/x for x = (float)n, n an integer in [1, 100]: no operand is ever
// NaN (no float input is read), no division by zero, no overflow, and
// the conversion back to int is in range: no exception at all but
// inexact (not checked).
// checkfp: invalid,divbyzero,overflow,fpconv
// expect: proved
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 1 && n <= 100);
    float r = 1.0f / (float)n;
    s = 0.5f * s + r;
  }
  return (int)s;
}
