/* A symbolic object of 2 MiB: beyond floatsym's limit of 1 MiB per
 * object (each byte is an expression of its own, made in one step no
 * limit can interrupt): the path ends with a message saying so. */
#include <klee/klee.h>

static unsigned char big[2 << 20];

int main(void) {
  klee_make_symbolic(big, sizeof big, "big");
  return big[0] == 3;
}
