// Thousands of states alive at a time limit: 14 cheap independent
// branches (16,384 paths), each followed by a stretch of concrete work,
// so that breadth-first search has thousands alive when the limit comes.
#include "klee/klee.h"

int main(void) {
  unsigned char b[14];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  unsigned s = 0;
  for (int i = 0; i < 14; i++) {
    if (b[i] > 100)
      n += i;
    for (unsigned k = 0; k < 300; k++)
      s += k ^ (unsigned)n;
  }
  return (s + n) & 1;
}
