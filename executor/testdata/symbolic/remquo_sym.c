// remquo's quotient bits, written through its pointer, are symbolic: the
// branch on them forks. y / -1.5 must round to a quotient whose low bits
// glibc reports as 3 (3, 11, 19, ...) with a remainder above 1/2, e.g. y in
// (-4, -3.75).
// expect-error: abort 16
#include "klee/klee.h"
#include <math.h>
#include <stdlib.h>

int main(void) {
	float y;
	int q;
	klee_make_symbolic(&y, sizeof y, "y");
	float r = remquof(y, -1.5f, &q);
	if (q == 3 && r > 0.5f)
		abort();
	return 0;
}
