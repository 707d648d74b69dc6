// The guard "x < 0 || x > 1" lets NaN through: NaN * 2 is quiet (no
// flag), but the ordered compare s > 0.5f of a signaling NaN input
// raises invalid, and so does the multiply (x = sNaN).
// checkfp: invalid
// expect: false
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    if (x < 0.0f || x > 1.0f)
      continue;
    s = x * 2.0f;
  }
  return s > 0.5f;
}
