// x == 0 && signbit(x) holds only for -0.0.
// expect-error: abort 12
// expect-value: x float -0.0
#include "klee/klee.h"
#include <math.h>
#include <stdlib.h>

int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x == 0.0f && signbit(x))
		abort();
	return 0;
}
