/*
 * Absorption: once ulp(f) > 2, f + 1 == f and a loop "step by one until
 * x + 8" stops making progress.  The loop is bounded by 20 iterations and
 * the assertion checks that the bound is never reached.
 *
 * Inputs: 0 <= x <= HI.
 * HI=1e9 (float, bug): x = 2^24: x + 1 rounds (tie to even) back to 2^24.
 * HI=1e17 (double, bug): x = 2^53.
 * HI=2^23 (float, correct) / 2^52 (double, correct): end = x + 8 is at
 *   most x + 8.5 after rounding, every f < end is below 2^24 (2^53), and
 *   there f + 1 is exact (f >= 2^23) or off by at most ulp/2 <= 1/4, so
 *   each iteration adds at least 3/4 and the loop exits after at most 12.
 */
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
  __VERIFIER_assume(x >= 0 && x <= HI);
  int n = 0;
  TYPE f = x, end = x + 8;
  while (f < end && n < 20) {
    f = f + 1;
    n++;
  }
  __VERIFIER_assert(n < 20);
  return 0;
}
