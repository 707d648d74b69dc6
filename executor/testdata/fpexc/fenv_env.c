// fegetenv/fesetenv, feholdexcept/feupdateenv and the exception-flag
// objects keep and restore the flags (and the rounding mode).
// expect-errors: 0
#include <fenv.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  fenv_t env;
  fexcept_t saved;
  feclearexcept(FE_ALL_EXCEPT);
  volatile double r = 1.0 / x;          /* divbyzero iff x == 0, inexact often */
  fegetexceptflag(&saved, FE_ALL_EXCEPT);
  feholdexcept(&env);                    /* clears the flags */
  int held = fetestexcept(FE_ALL_EXCEPT);
  fesetround(FE_UPWARD);
  volatile double s = x * 3.0;
  feupdateenv(&env);                     /* restores rounding, re-raises */
  int after = fetestexcept(FE_DIVBYZERO | FE_INEXACT);
  feclearexcept(FE_ALL_EXCEPT);
  fesetexceptflag(&saved, FE_DIVBYZERO);
  int restored = fetestexcept(FE_ALL_EXCEPT);
  return (held != 0) + 2 * (fegetround() == FE_TONEAREST) + 4 * (after != 0) + 8 * (restored == FE_DIVBYZERO);
}
