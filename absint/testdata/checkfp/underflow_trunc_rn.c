// (float)(x * 2^-127) for x in [2 - 2^-24, 2]: the double is at least
// 2^-126 - 2^-151, the midpoint below FLT_MIN, which round-to-nearest
// (ties to the even FLT_MIN) rounds up: never tiny after rounding, no
// underflow. In round-toward-zero it is: false_underflow_trunc_rz.c.
// checkfp: underflow
// expect: proved
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float r = 0.0f;
  for (int i = 0; i < 1000; i++) {
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= 0x1.ffffffp0 && x <= 2.0);
    r = (float)(x * 0x1p-127);
  }
  return r > 0.0f;
}
