/* bench's end-to-end test program (run by the fake floatsym of the tests). */
#include <assert.h>
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 42)
    assert(0 && "boom");
  if (x == 7)
    return 100 / (x - 7);
  return 0;
}
