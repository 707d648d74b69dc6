/* bench's end-to-end test program (run by the fake floatsym of the tests). */
#include <assert.h>
#include "klee/klee.h"
#include <stdlib.h>
int main(int argc, char **argv) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 42)
    assert(0 && "boom");
  if (x == 7)
    return 100 / (x - 7);
  /* Fails only with the spec's runtime environment (argument and variable). */
  if (x == 5 && argc == 2 && argv[1][0] == '/' && getenv("E2E_MODE") && getenv("E2E_MODE")[0] == 'y')
    abort();
  return 0;
}

#ifdef BREAK_REPLAY
#error the native replay build of this variant fails
#endif
