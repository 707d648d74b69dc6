/* A double query no SMT backend decides in seconds (the native FP solver
 * does: the test runs with --presolver=off), after a few cheap
 * forks: --max-time must interrupt it, end its path as a limit and still
 * write the tests of the paths alive. */
#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  double x, y, z;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&z, sizeof z, "z");
  klee_assume((x > 1) & (x < 2) & (y > 1) & (y < 2) & (z > 1) & (z < 2));
  int k = 0;
  if (x > 1.5) k++;
  if (y > 1.5) k++;
  double l = (x * y) * z, r = x * (y * z);
  if (l != r && l == z + x * y) abort();
  return k;
}
