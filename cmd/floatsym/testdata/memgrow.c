/* Two paths: x != 0 recurses without end (its stack grows until the
 * memory limit), x == 0 ends at once. --max-memory must end the growing
 * path (the largest state), not the small one waiting, and finish. */
#include <klee/klee.h>

static int down(int n) {
  volatile char pad[64];
  pad[n & 63] = (char)n;
  return down(n + 1) + pad[0];
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x != 0)
    return down(0);
  return 7;
}
