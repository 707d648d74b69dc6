// sscanf("%lf%n") on a symbolic string (crt/libc/scanf.c scanning, the C
// strtod converting, both executed symbolically): the program takes a
// 3-character text starting with a digit, read whole, for a number below
// 1000; an exponent ("9e9") slips through, and the test replays natively
// to the same assertion.
// expect-error: assert 20
#include "klee/klee.h"
#include <assert.h>
#include <stdio.h>

int main(void) {
	char s[4];
	klee_make_symbolic(s, sizeof s, "s");
	s[3] = 0;
	double x;
	int n = 0;
	if (s[0] < '0' || s[0] > '9' || sscanf(s, "%lf%n", &x, &n) != 1 || n != 3)
		return 1;
	if (x >= 1000)
		assert(0 && "three characters make a number below 1000");
	return 0;
}
