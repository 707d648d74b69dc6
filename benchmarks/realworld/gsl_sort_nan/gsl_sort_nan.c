/*
 * GSL's gsl_sort (heapsort) on three symbolic doubles, then a check that
 * the numbers in the result are in order.  With a NaN among the inputs
 * every comparison with it is false and the heap ends up unsorted (bug:
 * d=0,nan,1).  FINITE (correct): no NaN; GSL's heapsort sorts any
 * three ordered doubles (ties included).
 */
#include <assert.h>
#include <gsl/gsl_sort_double.h>
#include "klee/klee.h"

int main(void) {
  double d[3];
  klee_make_symbolic(d, sizeof d, "d");
#ifdef FINITE
  for (int i = 0; i < 3; i++)
    klee_assume(d[i] == d[i]);
#endif
  gsl_sort(d, 1, 3);
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++)
      if (d[i] == d[i] && d[j] == d[j])
        assert(d[i] <= d[j]);
  return 0;
}
