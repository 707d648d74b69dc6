#include <stddef.h>
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  int y = 5;
  int *p = x ? &y : NULL;
  return *p; /* EXPECT ptr */
}
