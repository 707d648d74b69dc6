// A positive x whose half is still positive but less than FLT_MIN: x must
// be subnormal or the smallest normals (x/2 rounds to a subnormal).
// expect-error: abort 13
// expect-range: x float 2.8025969286496341e-45 2.3509885615147286e-38
#include "klee/klee.h"
#include <float.h>
#include <stdlib.h>

int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x > 0.0f && x / 2.0f > 0.0f && x / 2.0f < FLT_MIN)
		abort();
	return 0;
}
