/*
 * gsl_integration_qng (Gauss-Kronrod 21 points) of f(x) = p x on [0, 1]
 * with a symbolic p in [0, 10].  The integrand itself checks
 * p x <= LIMIT, so the assertion fails inside GSL's call of the
 * integrand.  LIMIT = 9.5 (bug): p = 10 at the node x = 0.98695... gives
 * 9.87.  LIMIT = 10 (correct): every node lies in [0, 1], so p x <= p
 * <= 10 in any rounding.
 */
#include <assert.h>
#include <gsl/gsl_integration.h>
#include "klee/klee.h"

#ifndef LIMIT
#define LIMIT 9.5
#endif

static double f(double x, void *params) {
  double p = *(double *)params;
  double y = p * x;
  assert(y <= LIMIT);
  return y;
}

int main(void) {
  double p;
  klee_make_symbolic(&p, sizeof p, "p");
  klee_assume((p >= 0) & (p <= 10));
  gsl_function F = {f, &p};
  double result = 0, abserr = 0;
  size_t neval = 0;
  gsl_integration_qng(&F, 0, 1, 1e-9, 1e-9, &result, &abserr, &neval);
  assert(result >= 0);
  return 0;
}
