/* Runs long enough (over 10 s without a limit) for progress lines. */
#include "klee/klee.h"
int main(void) {
  int a[20];
  klee_make_symbolic(a, sizeof a, "a");
  int n = 0;
  for (int i = 0; i < 20; i++)
    if (a[i] * 3 > 7 * i)
      n++;
  return n;
}
