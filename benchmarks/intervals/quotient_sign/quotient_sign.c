/*
 * A sign fact over a product and a quotient: a in [1, 100] and b in
 * [-100, -1] make a*b <= -1 and a/b < 0, so a*b + a/b < -1 in every
 * rounding step.  Intervals give it directly.
 *
 * Default (correct): r < -1.
 * BUG: asserts r < -2.5, but a = 1, b = -1 gives -2.
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
  klee_assume((a >= 1) & (a <= 100) & (b >= -100) & (b <= -1));
  TYPE r = a * b + a / b;
#ifdef BUG
  assert(r < (TYPE)-2.5);
#else
  assert(r < (TYPE)-1);
#endif
  return 0;
}
