// Use after free: a filter state freed on a reset path and read again.
// expect: false
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float *st = malloc(2 * sizeof *st);
  if (!st) return 1;
  st[0] = st[1] = 0.0f;
  for (int i = 0; i < 100; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    st[1] = st[0];
    st[0] = 0.5f * st[0] + 0.5f * x;
    OBSERVE(st[0]);
    if (__VERIFIER_nondet_int() == 42) {
      free(st);
      break;
    }
  }
  if (st[0] > 1.0f) __assert_fail("bound", "false_heap_uaf.c", 23, "main");
  return 0;
}
