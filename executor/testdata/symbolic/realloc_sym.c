// realloc moves symbolic bytes with the block: the grown buffer still
// holds x, so the only failing input is x == 7 (before the fix realloc
// copied only the concrete backing bytes and the assert "failed" for any x).
// expect-error: assert 20
// expect-value: x double 7
#include <assert.h>
#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  double *p = malloc(sizeof *p);
  if (!p)
    return 1;
  *p = x;
  p = realloc(p, 4 * sizeof *p);
  if (!p)
    return 1;
  assert(p[0] != 7.0);
  free(p);
  return 0;
}
