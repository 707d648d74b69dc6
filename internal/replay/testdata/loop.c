#include "klee/klee.h"

int main(void) {
  volatile int forever = klee_int("forever");
  while (forever)
    ;
  return 0;
}
