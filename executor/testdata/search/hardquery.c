/*
 * --defer-hard-queries (executor/search_defer.go): three cases of a
 * switch pass, each after a branch whose query the native FP solver's
 * first search does not decide (a point of the unit circle on the line
 * x = k*y: in doubles there is none for k = 3 and 5, one for k = 7, found
 * or refuted beside the SMT solvers); the last case fails at once
 * (x + 1 == 2: x = 1).
 * random-path favours the first cases (the switch forks case by case:
 * case 0 is the shallowest state); with the rule their hard queries wait
 * while the failing case runs.
 */
#include <assert.h>
#include "klee/klee.h"

int main(void) {
  double x, y;
  int m;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume((m >= 0) & (m <= 3));
  switch (m) {
  case 0:
    if (x * x + y * y == 1.0 && x == 3.0 * y)
      return 1;
    break;
  case 1:
    if (x * x + y * y == 1.0 && x == 5.0 * y)
      return 1;
    break;
  case 2:
    if (x * x + y * y == 1.0 && x == 7.0 * y)
      return 1;
    break;
  default:
    assert(x + 1.0 != 2.0);
  }
  return 0;
}
