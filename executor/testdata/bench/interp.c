// CPU-bound workload for the interpreter benchmark: integer and double
// arithmetic in loops with array traffic. Compiled with -ffp-contract=off
// because lli's interpreter lacks llvm.fmuladd.
#include <stdio.h>
#include <string.h>

#define N 256

static double a[N], b[N];
static unsigned int h[N];

static unsigned int mix(unsigned int x) {
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

int main(void) {
	for (int i = 0; i < N; i++) {
		a[i] = i * 0.5;
		b[i] = 1.0 / (i + 1);
		h[i] = (unsigned int)i;
	}
	double acc = 0.0;
	unsigned int ih = 0;
	for (int round = 0; round < 400; round++) {
		for (int i = 0; i < N; i++) {
			double x = a[i] * b[(i + round) % N] + acc * 1e-9;
			a[i] = x - b[i] * 0.25;
			acc += x;
			h[i] = mix(h[i] + (unsigned int)round);
			ih += h[i] & 0xFF;
		}
	}
	/* lli's interpreter has its own printf without %a: print the bits. */
	unsigned long bits;
	memcpy(&bits, &acc, sizeof bits);
	printf("%lx %u\n", bits, ih);
	return 0;
}
