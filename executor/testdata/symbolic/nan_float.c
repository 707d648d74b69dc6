// x != x holds exactly for NaN.
// expect-error: abort 11
// expect-nan: x float
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x != x)
		abort();
	return 0;
}
