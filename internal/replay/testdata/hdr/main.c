#include <stddef.h>
#include "klee/klee.h"
#include "util.h"

int main(void) {
  int x = klee_int("x");
  return get(x ? &x : NULL);
}
