/* A constant table of 5000 bytes read at a symbolic index: past the
 * ite-chain limit for constant arrays, the SMT scripts read it as a
 * store chain over a constant array (`as const`), which their
 * set-logic must admit (z3 4.8.12 and cvc5 1.0.3 both take ALL). */
#include "klee/klee.h"

static const unsigned char code[5000] = {
	[7] = 3, [100] = 9, [1234] = 42, [2048] = 7, [4095] = 1, [4999] = 200,
};

int main(void) {
	unsigned i;
	klee_make_symbolic(&i, sizeof i, "i");
	klee_assume(i < 5000);
	if (code[i] == 42)
		return 1;
	return 0;
}
