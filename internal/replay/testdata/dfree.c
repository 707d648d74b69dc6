#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  unsigned char c;
  char *p = malloc(8);
  klee_make_symbolic(&c, sizeof c, "c");
  free(p);
  if (c == 'x')
    free(p); /* EXPECT free */
  if (c == 'y')
    free(&c); /* EXPECT badfree */
  return 0;
}
