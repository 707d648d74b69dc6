/*
 * wrap_uchar_counter: a false property a prover must never prove.
 *
 * An unsigned char counter counts n iterations, n in [0, 300]: it wraps at
 * 256. TWIN: n at most 255.
 * Witness: wrap_uchar_counter.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  int n;
  klee_make_symbolic(&n, sizeof n, "n");
#ifdef TWIN
  klee_assume(n >= 0 & n <= 255);
#else
  klee_assume(n >= 0 & n <= 300);
#endif
  unsigned char c = 0;
  for (int i = 0; i < n; i++)
    c++;
  assert(c == n);
  return 0;
}
