#include "klee/klee.h"
#include <assert.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x != 7) {
    if (x > 100)
      return 1;
    if (x < -100)
      return 2;
    return 0;
  }
  assert(0 && "seven");
  return 0;
}
