/* Arrays of floats and a NaN with a payload, for floatsym ktest. */
#include "klee/klee.h"
#include <assert.h>
#include <string.h>
int main(void) {
  float v4[4], v8[8];
  double d;
  klee_make_symbolic(v4, sizeof v4, "v4");
  klee_make_symbolic(v8, sizeof v8, "v8");
  klee_make_symbolic(&d, sizeof d, "d");
  unsigned long long bits;
  memcpy(&bits, &d, sizeof bits);
  klee_assume(v4[0] == 1.5f);
  klee_assume(v8[7] == -2.25f);
  klee_assume(bits == 0x7ff80000000000abULL);
  assert(v4[1] + v8[0] != 3.0f);
  return 0;
}
