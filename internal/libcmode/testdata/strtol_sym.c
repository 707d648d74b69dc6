// strtol with base 0 on a symbolic 4-character string (octal, hex,
// decimal, signs, end pointer): the program expects a value below 64
// when at most two characters were read; "0x7f" is read in 4 characters,
// but "077" in 3 and "-1" in 2 are below, and a 2-character hex prefix
// alone ("0x" reads as 0 in 1 character). The failure: 2 characters read
// for a value 64 or more is impossible, so the assertion on the end
// pointer and the value exposes how each library scans.
#include "klee/klee.h"
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

int main(void)
{
	char s[5];
	klee_make_symbolic(s, sizeof s, "s");
	s[4] = 0;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 0);
	int n = end - s;
	if (n == 4 && v > 100)
		assert(v < 200 && "four characters, value at least 200");
	return errno == ERANGE;
}
