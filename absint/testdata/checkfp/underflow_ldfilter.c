// underflow_filter.c in x87 long double (the input a float, extended
// exactly): no underflow on the x87 format either.
// checkfp: underflow
// expect: proved
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  long double s = 1.0L;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 1e-3f && x <= 1.0f);
    s = 0.9L * s + 0.1L * x;
  }
  return s > 0.5L;
}
