/* A loop over symbolic input long enough to be cut by --max-time. */
#include "klee/klee.h"
int main(void) {
  unsigned char a[40];
  klee_make_symbolic(a, sizeof a, "a");
  int s = 0;
  for (int r = 0; r < 200; r++)
    for (int i = 0; i < 40; i++)
      if (a[i] > r)
        s += a[i] - r;
  return s & 1;
}
