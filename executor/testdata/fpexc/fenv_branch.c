// A branch on fetestexcept(FE_DIVBYZERO) after a symbolic division forks.
// expect-paths: 2
#include <fenv.h>
#include <stdio.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  feclearexcept(FE_ALL_EXCEPT);
  volatile double r = 1.0 / x;
  if (fetestexcept(FE_DIVBYZERO))
    printf("divbyzero\n");
  else
    printf("no divbyzero\n");
  return 0;
}
