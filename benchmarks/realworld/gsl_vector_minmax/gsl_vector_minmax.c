/*
 * gsl_vector_minmax on a 3-element gsl_vector built from symbolic
 * doubles (gsl_vector_alloc, gsl_vector_set).  GSL returns NaN for both
 * min and max when an element is NaN, so "min <= max" fails (bug:
 * v=0,nan,0).  FINITE (correct): min <= v[i] <= max for every element.
 */
#include <assert.h>
#include <gsl/gsl_vector.h>
#include "klee/klee.h"

int main(void) {
  double x[3];
  klee_make_symbolic(x, sizeof x, "v");
#ifdef FINITE
  for (int i = 0; i < 3; i++)
    klee_assume(x[i] == x[i]);
#endif
  gsl_vector *v = gsl_vector_alloc(3);
  for (int i = 0; i < 3; i++)
    gsl_vector_set(v, i, x[i]);
  double lo, hi;
  gsl_vector_minmax(v, &lo, &hi);
  assert(lo <= hi);
  for (int i = 0; i < 3; i++)
    assert(lo <= gsl_vector_get(v, i) && gsl_vector_get(v, i) <= hi);
  gsl_vector_free(v);
  return 0;
}
