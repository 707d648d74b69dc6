/*
 * Summation order changes the result: a[0] + a[1] + a[2] summed forward
 * and backward.
 *
 * Inputs: 0 <= a[i] <= 1e6.
 * Default (bug): asserts equality; a = {1, 2^-24, 2^-24} gives 1 forward
 *   and 1 + 2^-23 backward.
 * TOLERANCE (correct): for non-negative terms each order has relative
 *   error at most 2u/(1-2u) (u = 2^-24), so |f - b| <= 2^-23 (f + b)
 *   up to second-order terms; the check uses 2^-22 (f + b).  f and b are
 *   within a factor 2 of each other, so f - b is exact (Sterbenz);
 *   2^-22 (f + b) only loses accuracy when f + b is subnormal, and then
 *   every sum is exact and f == b.
 */
#include <assert.h>
#include "klee/klee.h"

int main(void) {
  float a[3];
  klee_make_symbolic(a, sizeof a, "a");
  for (int i = 0; i < 3; i++)
    klee_assume((a[i] >= 0.0f) & (a[i] <= 1e6f));
  float f = (a[0] + a[1]) + a[2];
  float b = (a[2] + a[1]) + a[0];
#ifdef TOLERANCE
  float tol = 0x1p-22f * (f + b);
  assert(f - b <= tol && b - f <= tol);
#else
  assert(f == b);
#endif
  return 0;
}
