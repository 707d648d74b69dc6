// FPSE Howden example: T1 = A*B, X1 = T1 + 2, X1 > 100, X2 = 100 - X1,
// X3 = X2 - 50, X3 > 50 is infeasible (X2 < 0 once X1 > 100).
// expect-errors: 0
#include "klee/klee.h"
#include <stdlib.h>

int main(void) {
	float a, b;
	klee_make_symbolic(&a, sizeof a, "a");
	klee_make_symbolic(&b, sizeof b, "b");
	float t1 = a * b;
	float x1 = t1 + 2.0f;
	if (x1 > 100.0f) {
		float x2 = 100.0f - x1;
		float x3 = x2 - 50.0f;
		if (x3 > 50.0f)
			abort();
	}
	return 0;
}
