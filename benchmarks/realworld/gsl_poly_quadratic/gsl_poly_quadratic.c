/*
 * gsl_poly_solve_quadratic on symbolic coefficients a in [1, 2] and b in
 * [-4, 4]: with c <= 0 (CORRECT) the computed discriminant b*b - 4*a*c is
 * a sum of two non-negative rounded terms, so GSL always reports two real
 * roots, ordered x0 <= x1 (GSL sorts them; the double root is returned
 * twice).  Without it (bug) a negative discriminant gives no roots:
 * a=1, b=0, c=1.
 */
#include <assert.h>
#include <gsl/gsl_poly.h>
#include "klee/klee.h"

#ifdef CORRECT
#define CMAX 0.0
#else
#define CMAX 4.0
#endif

int main(void) {
  double k[3];
  klee_make_symbolic(k, sizeof k, "k");
  double a = k[0], b = k[1], c = k[2];
  klee_assume((a >= 1) & (a <= 2) & (b >= -4) & (b <= 4) & (c >= -4) & (c <= CMAX));
  double x0 = 0, x1 = 0;
  int n = gsl_poly_solve_quadratic(a, b, c, &x0, &x1);
  assert(n == 2);
  assert(x0 <= x1);
  return 0;
}
