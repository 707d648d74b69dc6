// 2^6 paths through a loop, then an assertion that fails on some of them
// (in[0] == 42 keeps bit 0 clear): a searcher drawn to the uncovered
// error site (nurs:md2e) reports the failure on one of its first paths;
// bfs forks every path before any reaches the check.
#include <assert.h>
#include "klee/klee.h"

int main(void) {
	unsigned char in[6];
	klee_make_symbolic(in, sizeof in, "in");
	int acc = 0;
	for (int i = 0; i < 6; i++)
		if (in[i] & 1)
			acc++;
	assert(in[0] != 42);
	return acc;
}
