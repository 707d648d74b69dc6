// inexact_accum.c with the reset past 2^24 = 16777216: s reaches 2^24,
// and 2^24 + 1 (n = 1) is not a float: the addition is inexact (after
// 167773 steps of n = 100 and one of n = 1).
// checkfp: inexact
// expect: false
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 1000000; i++) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    s = s + (float)n;
    if (s > 16777216.0f)
      s = 0.0f;
  }
  return (int)s;
}
