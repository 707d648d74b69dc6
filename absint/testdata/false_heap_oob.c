// Off by one: the fill loop writes a[N] of a malloc'd buffer of N floats
// (a memory error natively and in the executor).
// expect: false
#include <stdlib.h>
#include "observe.h"
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define N 16
int main(void) {
  float *a = malloc(N * sizeof *a);
  if (!a) return 1;
  for (int i = 0; i <= N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    a[i] = x;
    OBSERVE(x);
  }
  free(a);
  return 0;
}
