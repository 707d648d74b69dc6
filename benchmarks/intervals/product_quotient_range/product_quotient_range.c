/*
 * Range facts over a product and a quotient of bounded inputs: a, b in
 * [1, 2] give a*b in [1, 4] and a/b in [0.5, 2] (rounding is monotone and
 * the bounds are representable, so the rounded results stay inside).
 * Interval reasoning proves it at once; bit-blasting a double multiplier
 * and divider takes an SMT solver minutes.
 *
 * Default (correct): the range assertion holds.
 * BUG: asserts a*b < 4 (and a/b <= 2), false for a = b = 2.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE double
#endif

int main(void) {
  TYPE a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume((a >= 1) & (a <= 2) & (b >= 1) & (b <= 2));
  TYPE p = a * b;
  TYPE q = a / b;
#ifdef BUG
  assert((p < 4) & (q <= 2));
#else
  assert((p >= 1) & (p <= 4) & (q >= 0.5) & (q <= 2));
#endif
  return 0;
}
