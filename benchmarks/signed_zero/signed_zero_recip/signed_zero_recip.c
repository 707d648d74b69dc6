/*
 * A range check "x >= 0" lets -0.0 through, and 1/-0.0 = -inf.
 *
 * Default (bug): x = -0.0 passes x >= 0 and 1/x < 0.
 * FIX: x + 0 maps -0.0 to +0.0 (round to nearest: the exact zero sum of
 * opposite-signed zeros is +0) and leaves every other x >= 0 unchanged, so
 * 1/x is +inf or positive (possibly +0 for x = +inf): never < 0.
 * NaN fails x >= 0.
 */
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
  __VERIFIER_assume(x >= 0);
#ifdef FIX
  x = x + 0;
#endif
  TYPE r = 1 / x;
  if (r < 0)
    __VERIFIER_error();
  return 0;
}
