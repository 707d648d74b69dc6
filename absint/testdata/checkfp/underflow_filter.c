// A first-order filter s = 0.9 s + 0.1 x with x in [1e-3, 1]: s stays
// at least about 1e-3, every product is far above FLT_MIN: no underflow
// (inexact everywhere). false_underflow_filter.c lets x reach 0.
// checkfp: underflow
// expect: proved
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 1.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 1e-3f && x <= 1.0f);
    s = 0.9f * s + 0.1f * x;
  }
  return s > 0.5f;
}
