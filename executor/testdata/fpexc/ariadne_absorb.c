// Ariadne: x + 1 > DBL_MAX has the real solution x = DBL_MAX, but no float
// one: the 1 is absorbed and the rounded sum is finite. No overflow.
// check-fp: overflow
// expect-errors: 0
#include <float.h>
#include "klee/klee.h"

int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x - x == 0); /* finite */
  if (x + 1 > DBL_MAX)
    return 1;
  return 0;
}
