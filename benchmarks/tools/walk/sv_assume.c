/* An SV-COMP float program as written: assume_abort_if_not discards
 * inputs, reach_error is the only property violation. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "sv_assume.c", 5, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = __VERIFIER_nondet_float();
  assume_abort_if_not(x >= 0.0f && x <= 10.0f);
  assume_abort_if_not(y >= 0.0f && y <= 10.0f);
  if (x * y > 99.0f)
    reach_error();
  return 0;
}
