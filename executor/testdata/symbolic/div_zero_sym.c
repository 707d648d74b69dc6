// Integer division by a symbolic divisor: the zero divisor is a div error.
// expect-error: div 12
#include "klee/klee.h"
#include <stdio.h>

int main(void) {
	int a, b;
	klee_make_symbolic(&a, sizeof a, "a");
	klee_make_symbolic(&b, sizeof b, "b");
	if (b == -1)
		return 1;
	int q = a / b;
	printf("%d\n", q > 0);
	return 0;
}
