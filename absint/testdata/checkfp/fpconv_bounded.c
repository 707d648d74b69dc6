// (int)x for x in [0, 1000]: always in range; too wide a range in
// false_fpconv.c.
// checkfp: fpconv
// expect: proved
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int s = 0;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1000.0f);
    s = (int)x;
  }
  return s;
}
