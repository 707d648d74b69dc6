// The index of a maximum, GSL's gsl_stats_max_index the naive way: the
// comparison x[i] > m is false when x[i] is NaN, so with every element
// NaN no index is ever chosen and the assertion fails. 2^5 paths (each
// comparison true or false); the failing one is the all-false path, the
// unordered side of every comparison: --fp-unordered-first runs it first,
// random-path and covnew reach it after most of the others.
#include <assert.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
	double x[5];
	klee_make_symbolic(x, sizeof x, "x");
	double m = -INFINITY;
	int idx = -1;
	for (int i = 0; i < 5; i++)
		if (x[i] > m) {
			m = x[i];
			idx = i;
		}
	assert(idx >= 0);
	return idx;
}
