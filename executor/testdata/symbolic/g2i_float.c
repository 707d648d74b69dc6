// FPSE g2_i in single precision: B*B - 4*(A*C) == 0 with A = 1.22,
// B = 3.34 has the unique float solution C = 2.2859835624694824 (over the
// rationals: 27889/12200, not a float).
// expect-error: abort 17
// expect-value: c float 2.2859835624694824
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	float a = 1.22f, b = 3.34f, c;
	klee_make_symbolic(&c, sizeof c, "c");
	float t1 = b * b;
	float t2 = a * c;
	float t3 = 4.0f * t2;
	float delta = t1 - t3;
	if (delta == 0.0f)
		abort();
	return 0;
}
