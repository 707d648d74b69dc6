// frexp and modf of symbolic inputs write symbolic values through their
// pointers: branches on the exponent and the integral part fork, and the one failing combination is found exactly.
// expect-error: abort 27
#include "klee/klee.h"
#include <math.h>
#include <stdlib.h>

int main(void) {
	double x;
	float f;
	long double l;
	klee_make_symbolic(&x, sizeof x, "x");
	klee_make_symbolic(&f, sizeof f, "f");
	klee_make_symbolic(&l, sizeof l, "l");
	int e, el;
	double m = frexp(x, &e);
	if (e != 3) // x in ±[4, 8) or not
		return 1;
	float ip;
	float fr = modff(f, &ip);
	if (ip != -2.0f) // f in (-3, -2]
		return 2;
	long double ml = frexpl(l, &el);
	if (el != -2 || ml < 0.75L) // l in [0.1875, 0.25)
		return 3;
	if (m < 0 && fr < -0.5f && ml > 0.875L)
		abort();
	return 0;
}
