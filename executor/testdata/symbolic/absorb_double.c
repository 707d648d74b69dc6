// FPSE foo, double precision: x < 10000 && x + 1e12 > 1e12 is feasible,
// with solutions exactly [6.1035156250000014e-05, 9999.9999999999982].
// expect-error: abort 12
// expect-range: x double 6.1035156250000014e-05 9999.9999999999982
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	double x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x < 10000.0 && x + 1e12 > 1e12)
		abort();
	return 0;
}
