// FPSE g2_i in double precision: the solution is C = 2.285983606557377.
// expect-error: abort 15
// expect-value: c double 2.285983606557377
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	double a = 1.22, b = 3.34, c;
	klee_make_symbolic(&c, sizeof c, "c");
	double t1 = b * b;
	double t2 = a * c;
	double t3 = 4.0 * t2;
	double delta = t1 - t3;
	if (delta == 0.0)
		abort();
	return 0;
}
