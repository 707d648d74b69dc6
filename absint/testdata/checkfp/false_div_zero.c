// 1/x for x in [0, 2]: x = 0 divides by zero (the executor reports it
// under --check-fp divbyzero; native: fetestexcept(FE_DIVBYZERO) after
// 1.0f / 0.0f).
// checkfp: divbyzero
// expect: false
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 2.0f);
    s = 1.0f / x;
  }
  return s > 1.0f;
}
