// Calls GSL (--lib gsl): gsl_poly_solve_quadratic and gsl_sort, whose
// results decide the program's branches. GSL's lines are not the program
// under test's: floatsym counts them only under --coverage-all, and gcov
// sees none (the system's libgsl is not built with --coverage).
#include <gsl/gsl_poly.h>
#include <gsl/gsl_sort_double.h>
#include "klee/klee.h"

int main(void) {
	double k[3];
	klee_make_symbolic(k, sizeof k, "k");
	klee_assume((k[0] >= 1) & (k[0] <= 2));
	klee_assume((k[1] >= -4) & (k[1] <= 4));
	klee_assume((k[2] >= -4) & (k[2] <= 4));
	double x0 = 0, x1 = 0;
	int n = gsl_poly_solve_quadratic(k[0], k[1], k[2], &x0, &x1);
	int kind = 0;
	if (n == 0)
		kind = 1;
	else if (x0 == x1)
		kind = 2;
	else
		kind = 3;
	double d[3] = {k[2], k[1], k[0]};
	gsl_sort(d, 1, 3);
	if (d[0] < 0)
		kind += 10;
	if (d[1] > d[2])
		kind = -1;
	return kind;
}
