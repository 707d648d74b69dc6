// fpclassify(x) == FP_SUBNORMAL for a symbolic double.
// expect-error: abort 12
// expect-range: x double -2.2250738585072009e-308 2.2250738585072009e-308
#include "klee/klee.h"
#include <math.h>
#include <stdlib.h>

int main(void) {
	double x;
	klee_make_symbolic(&x, sizeof x, "x");
	if (fpclassify(x) == FP_SUBNORMAL && x != 0.0)
		abort();
	return 0;
}
