// Floating point with an assertion that fails on some inputs: the error
// path ends in abort() natively (the oracle's signal handler writes the
// coverage data then).
#include "klee/klee.h"
#include <assert.h>

static double scale(double x, int k) {
	double r = x;
	for (int i = 0; i < k; i++)
		r = r * 2.0;
	return r;
}

int main(void) {
	double x;
	int k;
	klee_make_symbolic(&x, sizeof x, "x");
	klee_make_symbolic(&k, sizeof k, "k");
	klee_assume(k >= 0);
	klee_assume(k <= 2);
	if (x != x)
		return 1; // NaN
	double y = scale(x, k);
	if (y > 100.0) {
		assert(y < 1000.0);
		return 2;
	}
	return 0;
}
