/*
 * Concrete program (no symbolic input): ten additions of 0.1.
 * In single precision the sum is 1.0000001192092896, in double
 * 0.99999999999999989.
 *
 * Default (bug): asserts sum == 1.
 * TOLERANCE (correct): |sum - 1| < 1e-6.
 */
#include <assert.h>

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE tenth = (TYPE)0.1, sum = 0;
  for (int i = 0; i < 10; i++)
    sum += tenth;
#ifdef TOLERANCE
  assert(sum - 1 < (TYPE)1e-6 && 1 - sum < (TYPE)1e-6);
#else
  assert(sum == 1);
#endif
  return 0;
}
