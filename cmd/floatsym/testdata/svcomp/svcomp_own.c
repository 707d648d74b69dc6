extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_own.c", 3, "reach_error"); }
/* An SV-COMP program as written: it declares the verifier interface
 * itself (with or without floatsym's svcomp.h, -DHEADER) and defines
 * reach_error and, unless -DEXTERN_ASSERT, __VERIFIER_assert. */
#ifdef HEADER
#include "svcomp/svcomp.h"
#endif
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));
#ifdef EXTERN_ASSERT
extern void __VERIFIER_assert(int cond);
#else
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#endif

int main() {
  float x = __VERIFIER_nondet_float();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 1.0f && x <= 2.0f);
  __VERIFIER_assume(n >= 0 && n < 4);
  float y = x * x;
#ifdef CALL_ERROR
  if (n == 3 && y > 3.0f)
    __VERIFIER_error();
#else
  __VERIFIER_assert(n != 3 || y <= 3.0f);
#endif
  return 0;
}
