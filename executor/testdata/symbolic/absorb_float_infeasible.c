// FPSE foo, single precision: x < 10000 && x + 1e12f > 1e12f has no float
// solution (every such x is absorbed), although over the reals any x in
// (0, 10000) is one.
// expect-errors: 0
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (x < 10000.0f) {
		if (x + 1e12f > 1e12f)
			abort();
	}
	return 0;
}
