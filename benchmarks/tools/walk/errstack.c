/* A failure two calls deep: the .err names its assembly.ll line and the
 * frames' arguments. */
#include "klee/klee.h"
#include <assert.h>
int check(int v, double w) {
  assert(v != 42);
  return v + (int)w;
}
int run(int v) { return check(v, 2.5); }
int main(void) {
  int v;
  klee_make_symbolic(&v, sizeof v, "v");
  return run(v) > 0;
}
