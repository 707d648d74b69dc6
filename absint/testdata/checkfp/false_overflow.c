// x * 10 for x in [0, 1e38]: 1e38 * 10 overflows float (x = 1e38).
// checkfp: overflow
// expect: false
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1e38f);
    s = x * 10.0f;
  }
  return s > 1.0f;
}
