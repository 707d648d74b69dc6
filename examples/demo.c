// floatsym demo: the mean of three readings can exceed the largest one.
// Over the reals min <= mean <= max always holds; over the floats the sum
// and the division round, and the assertion fails for inputs floatsym
// finds. Every path is explored; the failing one gets a test
// (klee-out-N/test*.assert.err + .ktest) that replays natively:
//   floatsym replay --program examples/demo.c klee-out-N
#include "klee/klee.h"
#include <assert.h>
#include <stdio.h>

static float mean3(float a, float b, float c) {
	return (a + b + c) / 3.0f;
}

int main(void) {
	float a, b, c;
	klee_make_symbolic(&a, sizeof a, "a");
	klee_make_symbolic(&b, sizeof b, "b");
	klee_make_symbolic(&c, sizeof c, "c");
	// Sorted readings in [0, 1]. (& rather than &&: && branches, and
	// each branch would be a separate path.)
	klee_assume((0.0f <= a) & (a <= b) & (b <= c) & (c <= 1.0f));
	float m = mean3(a, b, c);
	if (a == c)
		printf("constant readings\n");
	assert(m <= c);
	return 0;
}
