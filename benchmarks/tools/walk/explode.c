/* A KLEE user's path explosion: after an element above 5 the next one is
 * skipped, so the 14 symbolic elements give Fibonacci(16) = 987 paths. */
#include "klee/klee.h"
int main(void) {
  int a[14];
  klee_make_symbolic(a, sizeof a, "a");
  int big = 0, skip = 0;
  for (int i = 0; i < 14; i++) {
    if (skip) {
      skip = 0;
      continue;
    }
    if (a[i] > 5) {
      big++;
      skip = 1;
    }
  }
  return big;
}
