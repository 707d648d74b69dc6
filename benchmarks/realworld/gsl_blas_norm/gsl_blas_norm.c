/*
 * The Euclidean norm of a symbolic 2-vector with |x_i| <= 1e300, through
 * GSL's CBLAS.  NAIVE (bug): sqrt(gsl_blas_ddot(x, x)) overflows to inf
 * for x = (1e200, 0) although the norm is 1e200.  Otherwise (correct):
 * gsl_blas_dnrm2 scales by the largest |x_i| and stays finite
 * (the result is at most sqrt(2) * 1e300).
 */
#include <assert.h>
#include <math.h>
#include <gsl/gsl_blas.h>
#include "klee/klee.h"

int main(void) {
  double x[2];
  klee_make_symbolic(x, sizeof x, "x");
  klee_assume((fabs(x[0]) <= 1e300) & (fabs(x[1]) <= 1e300));
  gsl_vector_view v = gsl_vector_view_array(x, 2);
  double n;
#ifdef NAIVE
  double dot = 0;
  gsl_blas_ddot(&v.vector, &v.vector, &dot);
  n = sqrt(dot);
#else
  n = gsl_blas_dnrm2(&v.vector);
#endif
  assert(isfinite(n));
  return 0;
}
