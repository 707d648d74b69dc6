/*
 * A max reduction "if (a[i] > m) m = a[i]" gets stuck on a NaN in a[0]:
 * every later comparison with m is false.
 *
 * BUG: a = {NaN, 1, 2}: m stays NaN and 1 <= m is false.
 * Correct (no BUG): a NaN m is replaced by the next element.  Invariant:
 *   once m is not NaN it never becomes NaN again (a[i] > m is false for a
 *   NaN a[i]), and it is the maximum of the non-NaN elements seen; m is NaN
 *   only while every element seen is NaN.  So every non-NaN a[i] <= m.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif
#define N 3

int main(void) {
  TYPE a[N];
  klee_make_symbolic(a, sizeof a, "a");
  TYPE m = a[0];
  for (int i = 1; i < N; i++) {
#ifdef BUG
    if (a[i] > m)
#else
    if (a[i] > m || m != m)
#endif
      m = a[i];
  }
  for (int i = 0; i < N; i++)
    assert(a[i] != a[i] || a[i] <= m);
  return 0;
}
