// The number of paths floatsym completes must equal the number of
// distinct branch signatures over all 2^16 inputs (counted natively with
// -DBRUTE). Float conversions, absorption and a rounding-dependent test
// make several signatures infeasible.
// expect-errors: 0
// expect-brute: 1
#include <stdio.h>
#ifndef BRUTE
#include "klee/klee.h"
#endif

static int sig(unsigned short u) {
	float f = (float)(short)u / 64.0f;
	int s = 0;
	if (f > 1.5f)
		s |= 1;
	if (f * f < 2.0f)
		s |= 2;
	if ((u & 3) == 0)
		s |= 4;
	if (f + 1e7f == 1e7f)
		s |= 8;
	if ((double)f * 3.0 > 400.0)
		s |= 16;
	return s;
}

#ifdef BRUTE
#include <stdlib.h>
/* With an argument (the input's bytes as a little-endian hex number),
 * print that input's signature; without, enumerate every input. */
int main(int argc, char **argv) {
	if (argc > 1) {
		printf("sig %d\n", sig((unsigned short)strtoul(argv[1], 0, 16)));
		return 0;
	}
	int seen[32] = {0}, n = 0;
	for (unsigned v = 0; v < 65536; v++) {
		int s = sig((unsigned short)v);
		if (!seen[s]) {
			seen[s] = 1;
			n++;
		}
	}
	printf("%d\n", n);
	for (int s = 0; s < 32; s++)
		if (seen[s])
			printf("sig %d\n", s);
	return 0;
}
#else
int main(void) {
	unsigned short u;
	klee_make_symbolic(&u, sizeof u, "u");
	printf("sig %d\n", sig(u));
	return 0;
}
#endif
