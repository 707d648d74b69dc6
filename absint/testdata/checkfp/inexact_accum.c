// An integer-valued accumulator with a reset: n in [0, 100] each step,
// s += n, back to 0 past 1000. s stays an integer (grid 2^0) in
// [0, 1000], so (float)n, every addition and (int)s are exact: no
// inexact, no underflow. false_inexact_accum.c resets only past 2^24.
// checkfp: inexact,underflow
// expect: proved
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    s = s + (float)n;
    if (s > 1000.0f)
      s = 0.0f;
  }
  return (int)s;
}
