#include <stdlib.h>
#include <stdio.h>
#include "klee/klee.h"

int main(void) {
  long double v;
  klee_make_symbolic(&v, sizeof v, "v");
  fprintf(stderr, "runtime error: this is the program's own output\n");
  if (v > 1.0L)
    exit(3);
  return 0;
}
