// heap_sum.c with a symbolic element count n in [1, 4096]: correct, but
// the object's size is an interval [4, 16384] bytes, bounds are checked
// against its lower end, and the intervals do not relate i < n to the
// size 4n.
// expect: unproved (a symbolic size needs a relation between index and size)
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 4096);
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
