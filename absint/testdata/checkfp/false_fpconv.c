// (int)x for x in [0, 3e9]: x = 3e9 does not fit an int (undefined in
// C; invalid on x86).
// checkfp: fpconv
// expect: false
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int s = 0;
  for (int i = 0; i < 100000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 3e9f);
    s = (int)x;
  }
  return s;
}
