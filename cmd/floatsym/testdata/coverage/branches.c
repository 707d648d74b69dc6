#include "klee/klee.h"
#include <stdio.h>

int classify(int x) {
	int r;
	if (x > 10)
		r = 1;
	else
		r = 2;
	switch (x) {
	case 1:
		r += 10;
		break;
	case 2:
		r += 20;
		break;
	default:
		break;
	}
	return r;
}

int main(void) {
	int x;
	klee_make_symbolic(&x, sizeof x, "x");
	int r = classify(x);
	if (r > 100)
		printf("never\n");
	return 0;
}
