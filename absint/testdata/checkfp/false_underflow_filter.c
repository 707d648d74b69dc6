// underflow_filter.c with x in [0, 1]: x = 1e-38 (normal, just above
// FLT_MIN) makes 0.1f * x tiny and inexact: underflow.
// checkfp: underflow
// expect: false
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 1.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    s = 0.9f * s + 0.1f * x;
  }
  return s > 0.5f;
}
