/* A constant table of 64 doubles (512 bytes, past the ite-chain limit)
 * read at a symbolic index, as gsl_histogram2d_pdf reads its bins: the
 * SMT scripts read the table as a store chain over a constant array
 * (`as const`), which their set-logic must admit. */
#include "klee/klee.h"

static const double bins[64] = {
	0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5,
	8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0, 13.5, 14.0, 14.5, 15.0, 15.5,
	16.0, 16.5, 17.0, 17.5, 18.0, 18.5, 19.0, 19.5, 20.0, 20.5, 21.0, 21.5, 22.0, 22.5, 23.0, 23.5,
	24.0, 24.5, 25.0, 25.5, 26.0, 26.5, 27.0, 27.5, 28.0, 28.5, 29.0, 29.5, 30.0, 30.5, 31.0, 31.5,
};

int main(void) {
	unsigned i;
	klee_make_symbolic(&i, sizeof i, "i");
	klee_assume(i < 64);
	if (bins[i] > 30.0)
		return 1;
	return 0;
}
