// Branches on a symbolic float, counted exhaustively over all 2^32 float
// patterns with -DBRUTE.
// expect-errors: 0
// expect-brute: 1
#include <math.h>
#include <stdio.h>
#include <string.h>
#ifndef BRUTE
#include "klee/klee.h"
#endif

static int sig(float x) {
	int s = 0;
	if (x != x)
		return 256;
	if (x < 1.0f)
		s |= 1;
	if (x * 2.0f == x)
		s |= 2; /* zeros and infinities */
	if (x + 1.0f == x)
		s |= 4; /* large values absorb 1 */
	if (-x > 0.0f)
		s |= 8;
	if (x * x == 0.0f)
		s |= 16; /* underflow to zero */
	if (x > 1e9f)
		s |= 32;
	else if (x < -1e9f)
		s |= 64;
	else if ((int)x == 3)
		s |= 128;
	return s;
}

#ifdef BRUTE
#include <stdlib.h>
/* With an argument (the input's bytes as a little-endian hex number),
 * print that input's signature; without, enumerate every input. */
int main(int argc, char **argv) {
	if (argc > 1) {
		unsigned int b = (unsigned int)strtoul(argv[1], 0, 16);
		float x;
		memcpy(&x, &b, sizeof x);
		printf("sig %d\n", sig(x));
		return 0;
	}
	static int seen[512];
	int n = 0;
	for (unsigned long v = 0; v < 4294967296UL; v++) {
		unsigned int b = (unsigned int)v;
		float x;
		memcpy(&x, &b, sizeof x);
		int s = sig(x);
		if (!seen[s]) {
			seen[s] = 1;
			n++;
		}
	}
	printf("%d\n", n);
	for (int s = 0; s < 512; s++)
		if (seen[s])
			printf("sig %d\n", s);
	return 0;
}
#else
int main(void) {
	float x;
	klee_make_symbolic(&x, sizeof x, "x");
	printf("sig %d\n", sig(x));
	return 0;
}
#endif
