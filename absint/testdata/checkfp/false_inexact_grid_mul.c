// inexact_grid_mul.c with a, b up to 4097: 4097 * 4097 = 16785409 needs
// 25 significant bits, so the product is inexact.
// checkfp: inexact
// expect: false
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 1000; i++) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a >= 0 && a <= 4097 && b >= 0 && b <= 4097);
    s = (float)a * (float)b;
  }
  return s > 1.0f;
}
