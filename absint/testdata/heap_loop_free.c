// Allocate, use and free a buffer in every iteration: the recency
// abstraction keeps the newest buffer apart from the freed older ones
// (their summary), so its reads are not use after free.
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  for (int i = 0; i < 1000; i++) {
    float *b = malloc(4 * sizeof *b);
    if (!b) return 1;
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    b[0] = x;
    OBSERVE(b[0]);
    if (b[0] > 1.0f) __assert_fail("b[0] <= 1", "heap_loop_free.c", 18, "main");
    free(b);
  }
  return 0;
}
