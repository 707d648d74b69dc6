// A stale pointer after realloc: the old block is freed when the new one
// is allocated, and the program writes through the old pointer again
// (use after free natively and in the executor).
// expect: false
#include <stdlib.h>
#include "observe.h"
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float *b = malloc(4 * sizeof *b);
  if (!b) return 1;
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
  b[0] = x;
  OBSERVE(b[0]);
  float *c = realloc(b, 64 * sizeof *c);
  if (!c) return 1;
  b[0] = 2.0f * x;
  free(c);
  return 0;
}
