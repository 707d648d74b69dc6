// A rounding-mode dependent branch: 1/3 rounded upward exceeds 1/3
// rounded to nearest; the abort is only reachable in upward mode.
// expect-error: assert 18
#include "klee/klee.h"
#include <assert.h>
#include <fenv.h>
#pragma STDC FENV_ACCESS ON /* else an optimized build may merge the two divisions */
int main(void) {
	int mode;
	klee_make_symbolic(&mode, sizeof mode, "mode");
	klee_assume(mode >= 0 && mode < 4);
	int modes[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
	volatile double one = 1.0, three = 3.0;
	double near = one / three;
	fesetround(modes[mode]);
	double r = one / three;
	fesetround(FE_TONEAREST);
	assert(r <= near);
	return 0;
}
