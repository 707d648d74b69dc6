/*
 * sqrt of a negative number is NaN.  A tolerance in the domain check
 * ("x > -EPS" to accept rounding noise) lets small negative numbers in.
 *
 * LOWER=-1e-6 (bug): x = -1e-7 gives NaN.
 * LOWER=0 with INCLUSIVE (correct): x >= 0 admits -0.0 (sqrt(-0) = -0,
 *   not NaN) and +inf (sqrt(inf) = inf); NaN fails the comparison.
 */
#include <tgmath.h>
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
#ifdef INCLUSIVE
  __VERIFIER_assume(x >= LOWER);
#else
  __VERIFIER_assume(x > LOWER);
#endif
  TYPE r = sqrt(x);
  __VERIFIER_assert(!isnan(r));
  return 0;
}
