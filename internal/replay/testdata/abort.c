#include "svcomp/svcomp.h"

int main(void) {
  float f = __VERIFIER_nondet_float();
  __VERIFIER_assume(f == f);
  if (f > 1.0f)
    __VERIFIER_error(); /* EXPECT abort */
  __VERIFIER_assert(f < 0.5f); /* EXPECT svassert */
  return 0;
}
