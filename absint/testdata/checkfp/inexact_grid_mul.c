// (float)a * (float)b for integers a, b in [0, 4096]: the product is an
// integer of at most 2^24, a float: exact (and the conversions are).
// false_inexact_grid_mul.c allows 4097 * 4097 = 16785409, 25 bits.
// checkfp: inexact
// expect: proved
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 1000; i++) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a >= 0 && a <= 4096 && b >= 0 && b <= 4096);
    s = (float)a * (float)b;
  }
  return s > 1.0f;
}
