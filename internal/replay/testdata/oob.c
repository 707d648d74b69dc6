#include <stdlib.h>
#include "klee/klee.h"

int main(void) {
  int i = klee_int("i");
  int *a = malloc(4 * sizeof *a);
  int k, v;
  for (k = 0; k < 4; k++)
    a[k] = k;
  v = a[i]; /* EXPECT ptr */
  free(a);
  return v;
}
