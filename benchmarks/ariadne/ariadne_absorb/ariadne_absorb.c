/*
 * Ariadne's "if (x + 1 > DBL_MAX)": over the reals x = DBL_MAX is a
 * solution, over the floats it is not (the 1 is absorbed: x + 1 rounds
 * to x <= DBL_MAX for every finite x).  Only x = +inf reaches the error.
 *
 * double (bug): x unconstrained, x = +inf.
 * double FINITE (correct): x finite.
 * float FINITE (correct, checked exhaustively): same with FLT_MAX.
 */
#include <float.h>
#include <math.h>
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE double
#endif
#ifndef MAX
#define MAX DBL_MAX
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
#ifdef FINITE
  __VERIFIER_assume(isfinite(x));
#endif
  if (x + 1 > MAX)
    __VERIFIER_error();
  return 0;
}
