/*
 * wrap_square: a false property a prover must never prove.
 *
 * x * x in 32-bit unsigned arithmetic wraps for x = 65536. TWIN: x at most
 * 65535.
 * Witness: wrap_square.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
#ifdef TWIN
  klee_assume(x <= 65535u);
#else
  klee_assume(x <= 70000u);
#endif
  unsigned y = x * x;
  assert(y >= x);
  return 0;
}
