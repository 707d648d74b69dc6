#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

/* Two calls of log on the same x cannot differ (functional consistency):
   the abort is infeasible even with uninterpreted results. */
int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  float a = logf(x), b = logf(x);
  if (a != b && !(isnan(a) && isnan(b)))
    abort(); /* line 12 */
  if (a > 0.0f)
    return 1;
  return 0;
}
