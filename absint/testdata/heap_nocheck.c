// A malloc'd buffer used without checking for NULL: the executor's
// malloc returns NULL only for a size over 2^32 - 1 or under
// --max-memory (TestHeapLimit: not proved then).
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double *st = malloc(2 * sizeof *st);
  st[0] = 0.0;
  st[1] = 0.0;
  for (int i = 0; i < 100000; i++) {
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
    st[1] = st[0];
    st[0] = 0.75 * st[0] + 0.25 * x;
    OBSERVE(st[0]);
    if (st[0] > 1.0 || st[0] < -1.0) __assert_fail("bound", "heap_nocheck.c", 20, "main");
  }
  free(st);
  return 0;
}
