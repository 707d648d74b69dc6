/*
 * Insertion sort of 3 floats.  With "<" as the comparator a NaN is
 * incomparable with everything, "<" is no longer a strict weak order and
 * the sort can leave non-NaN elements out of order around the NaN.
 *
 * Property: the non-NaN elements are in ascending order.
 * Default (bug): a = {3, NaN, 1} is left unchanged (1 < NaN and NaN < 3
 *   are false), and 3 > 1.
 * TOTAL (correct): the comparator orders NaNs after every number (and
 *   treats them as equivalent), a strict weak order, so insertion sort
 *   sorts correctly; -0 and +0 are equivalent and compare equal.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif
#define N 3

#ifdef TOTAL
#define LESS(x, y) (!isnan(x) && (isnan(y) || (x) < (y)))
#else
#define LESS(x, y) ((x) < (y))
#endif

int main(void) {
  TYPE a[N];
  klee_make_symbolic(a, sizeof a, "a");
  for (int i = 1; i < N; i++) {
    TYPE v = a[i];
    int j = i;
    while (j > 0 && LESS(v, a[j - 1])) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++)
      if (!isnan(a[i]) && !isnan(a[j]))
        assert(a[i] <= a[j]);
  return 0;
}
