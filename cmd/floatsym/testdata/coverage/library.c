// Calls into libraries: libm (sqrt, floor, fabs) and floatsym's C library
// (strlen, atoi, snprintf). Their lines are not the program under test's:
// floatsym does not count them, gcov does not instrument them.
#include "klee/klee.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	double x;
	char s[4];
	klee_make_symbolic(&x, sizeof x, "x");
	klee_make_symbolic(s, sizeof s, "s");
	s[3] = 0;
	klee_assume(x >= 0.0);
	klee_assume(x <= 100.0);
	double r = sqrt(floor(x));
	int n = 0;
	if (fabs(r - 3.0) < 0.5)
		n = 1;
	char buf[32];
	snprintf(buf, sizeof buf, "%d", n);
	if (strlen(buf) == 1 && atoi(buf) == 1)
		n += 10;
	if (s[0] == '7')
		n += atoi(s);
	return n > 100;
}
