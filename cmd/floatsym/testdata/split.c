/* issue 22: a program of 2^LOOP * 4 * 2 paths (1,024 by default) for the
   split tests: integer branches, a switch, a symbolic table index and a
   floating-point branch, with two error locations. */
#include "klee/klee.h"
#include <assert.h>
#include <stdlib.h>

#ifndef LOOP
#define LOOP 7
#endif

int main(void) {
  int a[LOOP];
  double x;
  klee_make_symbolic(a, sizeof a, "a");
  klee_make_symbolic(&x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < LOOP; i++)
    if (a[i] > 5)
      n++;
  switch (a[0] & 3) {
  case 0: n += 1; break;
  case 1: n += 2; break;
  case 2: n += 4; break;
  default: break;
  }
  static const int t[4] = {0, 10, 20, 30};
  int k = t[a[1] & 3];
  if (x * 0.5 > 1.0)
    n += 8;
  if (k == 30 && n == 1)
    abort();
  assert(n != LOOP + 4);
  return n;
}
