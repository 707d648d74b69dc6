#include <stdio.h>
#include "klee/klee.h"

int main(void) {
	int x;
	klee_make_symbolic(&x, sizeof x, "x");
#ifdef ANSWER
	return x == ANSWER;
#else
	printf("%d\n", x);
	return 0;
#endif
}
