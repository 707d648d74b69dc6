#include "klee/klee.h"
#include <assert.h>
int g(float x, int n) {
  assert(x * n != 3.0f);
  return 0;
}
int main(void) {
  float x; int n;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&n, sizeof n, "n");
  return g(x, n);
}
