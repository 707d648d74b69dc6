#include "klee/klee.h"

int main(void) {
  int d;
  double z = 0.0, r;
  klee_make_symbolic(&d, sizeof d, "d");
  r = 1.0 / (z * d); /* floating-point division by zero is not an error */
  if (r < 0)
    return 1;
  return 100 / d; /* EXPECT div */
}
