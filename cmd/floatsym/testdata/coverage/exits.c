// exit() inside a callee, and an integer division by zero on some inputs
// (a floatsym error; natively SIGFPE, after which the oracle's handler
// writes the coverage data).
#include "klee/klee.h"
#include <stdlib.h>

static void check(int v) {
	if (v < 0)
		exit(3);
}

static int divide(int a, int b) {
	return a / b;
}

int main(void) {
	int a, b;
	klee_make_symbolic(&a, sizeof a, "a");
	klee_make_symbolic(&b, sizeof b, "b");
	klee_assume(b >= -1);
	klee_assume(b <= 1);
	check(a);
	int q = divide(a, b);
	if (q > 10)
		return 1;
	return 0;
}
