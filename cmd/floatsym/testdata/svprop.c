extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "svprop.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) {
  float x = __VERIFIER_nondet_float();
  assume_abort_if_not(x >= 0.0f && x <= 10.0f);
  if (x * x > 99.0f)
    reach_error();
  return 0;
}
