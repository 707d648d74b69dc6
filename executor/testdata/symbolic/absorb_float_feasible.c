// FPSE foo_m, single precision: x > 0 && x + 1e12f == 1e12f holds exactly
// for x in [0x1p-149, 32767.998046875]; 32768 is not a solution (the tie
// rounds to even, upward).
// expect-error: abort 13
// expect-range: x float 1.4012984643248171e-45 32767.998046875
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x > 0.0f && x + 1e12f == 1e12f)
		abort();
	return 0;
}
