/* A first-order filter fed fresh bounded inputs for 10^6 iterations:
   2^(iterations) paths, proved by --prove. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
void reach_error(void) { __assert_fail("0", "prove_filter.c", 5, "reach_error"); }

int main(void) {
  float x = 0.0f;
  for (int i = 0; i < 1000000; i++) {
    float in = __VERIFIER_nondet_float();
    __VERIFIER_assume(in >= -1.0f && in <= 1.0f);
    x = 0.875f * x + 0.125f * in;
    if (!(x >= -1.5f && x <= 1.5f)) reach_error();
  }
  return 0;
}
