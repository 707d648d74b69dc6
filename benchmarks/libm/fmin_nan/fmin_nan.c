/*
 * fmin returns the non-NaN operand when one operand is NaN (C99 F.9.9.3),
 * so "m <= x and m <= y" fails when x or y is NaN.
 *
 * BUG: x = NaN, y = 1: m = 1 and 1 <= NaN is false.
 * Correct (no BUG): m is not above any non-NaN operand, and m is NaN iff
 *   both operands are.  fmin(-0, +0) may return either zero; both compare
 *   equal to the operands.
 * The inputs are multiplied by 1, which changes no value but turns a
 * signalling NaN into a quiet one: glibc's fmin returns NaN for a
 * signalling operand (as IEEE 754-2008 minNum does), a distinction the
 * solver does not model.
 */
#include <tgmath.h>
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE) * 1;
  TYPE y = NONDET(TYPE) * 1;
  TYPE m = fmin(x, y);
#ifdef BUG
  __VERIFIER_assert(m <= x && m <= y);
#else
  __VERIFIER_assert((m <= x || isnan(x)) && (m <= y || isnan(y)) &&
                    (!isnan(m) == !(isnan(x) && isnan(y))));
#endif
  return 0;
}
