// A calloc'd array of N samples filled from bounded inputs, then summed
// with a forgetting factor in a loop: every access is in bounds (the
// index stays below N, the object's size in elements) and the sum stays
// within 2 (s <= 0.5 s + 1).
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  int n = 32; // short: native runs draw a boundary value one time in a hundred
  float *a = calloc(n, sizeof *a);
  if (a == NULL) return 1;
  for (int i = 0; i < n; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1.0f);
    a[i] = x;
  }
  float s = 0.0f;
  for (int i = 0; i < n; i++) {
    OBSERVE(s);
    s = 0.5f * s + a[i];
  }
  OBSERVE(s);
  CHECK(s >= 0.0f && s <= 2.0f);
  free(a);
  return 0;
}
