#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

/* Three paths reach one abort with uninterpreted libm results. With the
   depth-first search the sin candidate comes first and does not replay
   (dropped); the exp one does (reported); the exp2 one is then a
   duplicate of it (no test). The executor must not have made the later
   ones duplicates of the dropped one. */
int main(void) {
  int k;
  double x;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_make_symbolic(&x, sizeof x, "x");
  int bug = 0;
  if (k == 0)
    bug = exp2(x) == 1.0;
  else if (k == 1)
    bug = exp(x) == 1.0;
  else
    bug = sin(x) == 0.5;
  if (bug)
    abort(); /* line 23 */
  return 0;
}
