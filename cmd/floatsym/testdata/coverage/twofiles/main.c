// A program of two files, one function called through a pointer.
#include "klee/klee.h"
#include "util.h"

int main(void) {
	int x;
	klee_make_symbolic(&x, sizeof x, "x");
	int (*f)(int) = x > 0 ? twice : negate;
	int y = apply(f, x);
	if (y == 8)
		return 1;
	return 0;
}
