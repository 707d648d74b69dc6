/*
 * Howden's path (FPSE test set): T1 = A*B, X1 = T1 + 2, X1 > 100,
 * X2 = 100 - X1, X3 = X2 - 50, X3 > 50.  Infeasible over the reals and
 * over the floats: X1 > 100 makes 100 - X1 < 0 exactly, so X2 <= 0 after
 * rounding (or -inf) and X3 <= -50.  NaN fails X1 > 100.
 */
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE A = NONDET(TYPE);
  TYPE B = NONDET(TYPE);
  TYPE T1 = A * B;
  TYPE X1 = T1 + 2;
  if (X1 > 100) {
    TYPE X2 = 100 - X1;
    TYPE X3 = X2 - 50;
    if (X3 > 50)
      __VERIFIER_error();
  }
  return 0;
}
