#include "util.h"

int twice(int x) {
	return 2 * x;
}

int negate(int x) {
	return -x;
}

int apply(int (*f)(int), int x) {
	int r = f(x);
	if (r > 1000)
		r = 1000;
	return r;
}
