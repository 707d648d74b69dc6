#include "klee/klee.h"
#include <assert.h>
int main(void) {
  int a[12];
  klee_make_symbolic(a, sizeof a, "a");
  int n = 0;
  for (int i = 0; i < 12; i++)
    if (a[i] > 5) n++;
  assert(n != 12);
  return 0;
}
