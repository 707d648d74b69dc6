// SV-COMP interface: nondet float with an assumption, assert on the result.
// expect-error: assert 11
#include "svcomp/svcomp.h"

int main(void) {
	float x = __VERIFIER_nondet_float();
	float y = __VERIFIER_nondet_float();
	__VERIFIER_assume(x >= 1.0f && x <= 2.0f);
	__VERIFIER_assume(y >= 1.0f && y <= 2.0f);
	float s = x + y;
	__VERIFIER_assert(s - y == x);
	return 0;
}
