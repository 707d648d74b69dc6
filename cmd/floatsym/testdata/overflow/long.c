extern long __VERIFIER_nondet_long(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "long.c", 4, "reach_error"); }
int main(void) {
  long a = __VERIFIER_nondet_long();
  if (a == 5)
    reach_error(); /* not a violation of no-overflow */
  long b = a - 100;
  return b > 0;
}
