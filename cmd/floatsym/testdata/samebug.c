#include <assert.h>
#include "klee/klee.h"

int main(void) {
  int x, n = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x & 1) n++;
  if (x & 2) n++;
  if (x & 4) n++;
  assert(n < 2); /* four paths fail here: one bug */
  if (x == 1000)
    return 100 / (x - 1000);
  return 0;
}
