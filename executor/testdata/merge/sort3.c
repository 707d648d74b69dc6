// Bubble sort of three floats with a NaN-last comparator: every
// compare-exchange is a loop-free branch whose two sides merge (the swap
// makes the array bytes if-then-else). Correct: the result is ordered.
// expect-errors: 0
// expect-merged: 1
// expect-auto-merged: 1
#include <assert.h>
#include <math.h>
#include "klee/klee.h"
#define LESS(x, y) (!isnan(x) && (isnan(y) || (x) < (y)))
int main(void) {
  float a[3];
  klee_make_symbolic(a, sizeof a, "a");
  for (int i = 0; i < 3; i++)
    for (int j = 0; j + 1 < 3 - i; j++)
      if (LESS(a[j + 1], a[j])) {
        float t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
  for (int i = 0; i + 1 < 3; i++) {
    if (!isnan(a[i]) && !isnan(a[i + 1]))
      assert(a[i] <= a[i + 1]);
    assert(!isnan(a[i]) || isnan(a[i + 1]));
  }
  return 0;
}
