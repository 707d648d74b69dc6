#include <assert.h>
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 100)
    assert(x < 50); /* EXPECT assert */
  return 0;
}
