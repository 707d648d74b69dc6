// Calls GSL (--lib gsl): gsl_sort and gsl_stats_max on three symbolic
// doubles, whose results decide the program's branches. The inputs are
// bounded (no NaN), so the exploration is small and completes: every
// path's test is replayed natively for gcov. GSL's lines are not the
// program under test's: floatsym counts them only under --coverage-all,
// and gcov sees none (the system's libgsl is not built with --coverage).
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>
#include "klee/klee.h"

int main(void) {
	double d[3];
	klee_make_symbolic(d, sizeof d, "d");
	for (int i = 0; i < 3; i++)
		klee_assume((d[i] >= -4) & (d[i] <= 4));
	gsl_sort(d, 1, 3);
	double mx = gsl_stats_max(d, 1, 3);
	int kind = 0;
	if (d[0] < 0)
		kind = 1;
	else if (d[0] == 0)
		kind = 2;
	if (d[1] == d[2])
		kind += 10;
	if (mx > d[2])
		kind = -1; /* never: the maximum of a sorted array is its last */
	return kind;
}
