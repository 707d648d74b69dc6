/* A small program for KLEE's flag spellings; start() is the entry point
 * --entry-point names. */
#include "klee/klee.h"
#include <assert.h>
int start(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) {
    if (x > 100)
      return 2;
    return 1;
  }
  assert(x != 7);
  return 0;
}
int main(void) { return start(); }
