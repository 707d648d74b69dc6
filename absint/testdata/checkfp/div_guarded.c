// 1/x for x in [1, 2] at every step, and a sum kept bounded: no
// division by zero, no overflow. (Not invalid: the assume's compare of
// a signaling NaN input raises it — see int_input.c.)
// checkfp: divbyzero,overflow
// expect: proved
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 1.0f && x <= 2.0f);
    float r = 1.0f / x;
    s = 0.5f * s + r;
  }
  return (int)s;
}
