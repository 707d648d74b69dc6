// Loops, short-circuit conditions and the conditional operator, over a
// small symbolic array.
#include "klee/klee.h"

static int count(const unsigned char *a, int n) {
	int c = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] > 10 && a[i] < 20)
			c++;
		else if (a[i] == 0 || a[i] == 255)
			c += 2;
	}
	return c;
}

int main(void) {
	unsigned char a[3];
	klee_make_symbolic(a, sizeof a, "a");
	int c = count(a, 3);
	int d = c > 4 ? c - 4 : 0;
	int steps = 0;
	do {
		steps++;
		d /= 2;
	} while (d > 0);
	while (steps > 2)
		steps--;
	return steps;
}
