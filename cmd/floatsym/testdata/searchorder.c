// 2^4 paths through a loop and a rarely taken branch (a copy of
// executor/testdata/search/searchers.c): TestDefaultSearch compares the
// order its paths end in under the default searcher and named ones.
#include "klee/klee.h"

static int step(int acc, unsigned char v) {
	if (v & 1)
		acc += v;
	else
		acc -= 1;
	return acc;
}

int main(void) {
	unsigned char in[4];
	klee_make_symbolic(in, sizeof in, "in");
	int acc = 0;
	for (int i = 0; i < 4; i++)
		acc = step(acc, in[i]);
	if (acc == 4 * 255)
		return 2;
	return acc > 0;
}
