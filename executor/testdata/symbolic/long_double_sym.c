// A symbolic long double: x * 2 == x + x, and a value above DBL_MAX that
// still fits in x87 extended precision.
// expect-error: abort 14
#include "klee/klee.h"
#include <float.h>
#include <stdlib.h>

int main(void) {
	long double x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x * 2 != x + x && x == x)
		return 1;
	if (x > (long double)DBL_MAX * 4 && x < (long double)DBL_MAX * 8)
		abort();
	return 0;
}
