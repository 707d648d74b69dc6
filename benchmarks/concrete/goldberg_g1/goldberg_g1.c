/*
 * Concrete program: Goldberg's g1 = 2.0e-30 + 1.0e30 - 1.0e30 - 1.0e-30
 * evaluated left to right (FPSE test set).  The 2e-30 is absorbed by
 * 1e30, so g1 = -1.0000000031710769e-30 in single precision and
 * -1.0000000000000001e-30 in double, not +1e-30.  The operands are
 * variables so that the additions happen at run time.
 *
 * Default (bug): asserts g1 == 1e-30.
 * SIGN (correct): asserts g1 < 0.
 */
#include <assert.h>

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE a = (TYPE)2.0e-30, b = (TYPE)1.0e30, c = (TYPE)1.0e-30;
  TYPE g1 = a + b - b - c;
#ifdef SIGN
  assert(g1 < 0);
#else
  assert(g1 == c);
#endif
  return 0;
}
