/*
 * Bubble sort of 5 symbolic floats (NaN allowed) into the NaN-last order,
 * checked on adjacent elements: a NaN is followed only by NaNs, and two
 * adjacent numbers are in ascending order (by transitivity, the whole
 * array is sorted). Each compare-exchange is a
 * loop-free branch: 2^(compare-exchanges) paths without state merging
 * (floatsym run --merge=on joins the two sides of each exchange).
 *
 * Default (bug): with < as the comparator a NaN never moves (it compares
 *   false both ways): a = {3, NaN, 1, 4, 5} leaves the NaN before 1.
 * TOTAL (correct): a NaN-last comparator is a strict weak order (NaNs
 *   equivalent to each other and after every number; -0 and +0
 *   equivalent), and bubble sort sorts any strict weak order: the non-NaN
 *   elements come first, in ascending order.
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

#define N 5
#ifdef TOTAL
#define LESS(x, y) (!isnan(x) && (isnan(y) || (x) < (y)))
#else
#define LESS(x, y) ((x) < (y))
#endif

int main(void) {
  float a[N];
  klee_make_symbolic(a, sizeof a, "a");
  for (int i = 0; i < N; i++)
    for (int j = 0; j + 1 < N - i; j++)
      if (LESS(a[j + 1], a[j])) {
        float t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
  for (int i = 0; i + 1 < N; i++)
    assert(isnan(a[i + 1]) || (!isnan(a[i]) && a[i] <= a[i + 1]));
  return 0;
}
