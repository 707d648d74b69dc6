// A branch on fetestexcept(FE_DIVBYZERO) after a symbolic division forks.
// expect-paths: 2
// expect-errors: 0
#include <fenv.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  feclearexcept(FE_ALL_EXCEPT);
  volatile double r = 1.0 / x;
  if (fetestexcept(FE_DIVBYZERO))
    return 1;
  return 0;
}
