#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

/* sin(x) == 0.5 exactly: no fact pins an argument, so the model picks an
   arbitrary x with an uninterpreted result of 0.5, which does not replay
   natively: the candidate is dropped. */
int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (sin(x) == 0.5)
    abort(); /* line 12 */
  return 0;
}
