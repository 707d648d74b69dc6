/*
 * A polynomial whose coefficients come from a data file named by the
 * environment variable POLY_COEFFS (the count, then c0 c1 ... in any
 * format fscanf's %lf reads), evaluated by gsl_poly_eval at a symbolic x
 * in [0, 2]; the program claims p(x) > 0.
 * coeffs_bug.txt: 1 - 2x + x^2 = (x - 1)^2 is 0 at x = 1.
 * coeffs_correct.txt: 1 + x^2 >= 1 in any rounding (x^2 >= 0, 1 + y >= 1).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_poly.h>
#include "klee/klee.h"

int main(void) {
  const char *path = getenv("POLY_COEFFS");
  if (!path) {
    fprintf(stderr, "POLY_COEFFS is not set\n");
    return 2;
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 2;
  }
  int n = 0;
  double c[8];
  if (fscanf(f, "%d", &n) != 1 || n < 1 || n > 8)
    return 2;
  for (int i = 0; i < n; i++)
    if (fscanf(f, "%lf", &c[i]) != 1)
      return 2;
  fclose(f);
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 0) & (x <= 2));
  assert(gsl_poly_eval(c, n, x) > 0);
  return 0;
}
