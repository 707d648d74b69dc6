// A symbolic index into a global table: in-bounds reads explore, the
// out-of-bounds ones are a ptr error.
// expect-error: ptr 14
#include "klee/klee.h"
#include <stdio.h>

double table[4] = {0.5, 1.5, 2.5, 3.5}; /* not const: -O2 would fold the (UB) read away */

int main(void) {
	unsigned i;
	klee_make_symbolic(&i, sizeof i, "i");
	if (i > 5)
		return 0;
	double v = table[i];
	if (v > 2.0)
		printf("big\n");
	return 0;
}
