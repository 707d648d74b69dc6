/*
 * An integer division by a count derived from a double: (int)x truncates
 * toward zero, so any x in (0, 1) gives a count of 0.
 *
 * Inputs: 0 < x < 1e6.
 * Default (bug): x = 0.5: n = 0 and 1000000 / n divides by zero.
 * CEIL (correct): n = (int)ceil(x) >= 1 for x > 0 (and <= 1e6, in range).
 */
#include <math.h>
#include "svcomp/svcomp.h"

int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 0.0 && x < 1e6);
#ifdef CEIL
  int n = (int)ceil(x);
#else
  int n = (int)x;
#endif
  int per_bucket = 1000000 / n;
  return per_bucket > 0 ? 0 : 1;
}
