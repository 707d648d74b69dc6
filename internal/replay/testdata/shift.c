#include "klee/klee.h"

int main(void) {
  int s = klee_range(0, 64, "s");
  volatile int m = -1;
  int neg = m << 3; /* shift of a negative value: not reported */
  return (1 << s) + neg + 8; /* EXPECT overshift */
}
