// Double free on one path: the buffer is freed inside the loop on an
// input, and again after it.
// expect: false
#include <stdlib.h>
#include "observe.h"
extern int __VERIFIER_nondet_int(void);
int main(void) {
  double *b = calloc(4, sizeof *b);
  if (!b) return 1;
  for (int i = 0; i < 4; i++) {
    b[i] = i * 0.5;
    OBSERVE(b[i]);
    if (__VERIFIER_nondet_int() == 7 && i == 3) free(b);
  }
  free(b);
  return 0;
}
