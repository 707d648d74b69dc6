// strtod on a symbolic string (crt/libc/strtod.c executed symbolically):
// the parser counts at most two digits before anything else and concludes
// the value is below 100; an exponent ("9e9") slips through.
// expect-error: assert 23
#include "klee/klee.h"
#include <assert.h>
#include <stdlib.h>

int main(void) {
	char s[4];
	klee_make_symbolic(s, sizeof s, "s");
	s[3] = 0;
	int digits = 0;
	for (const char *p = s; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (digits == 0 || digits > 2)
		return 1;
	char *end;
	double v = strtod(s, &end);
	if (*end != 0)
		return 1;
	if (v >= 100)
		assert(0 && "a two-digit number is below 100");
	return 0;
}
