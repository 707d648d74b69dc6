#include <math.h>
#include <stdlib.h>
#include "klee/klee.h"

/* Each abort is infeasible only through one fact of --libm=uninterpreted
   (TestLibmModes expects no path to reach any of them). */
int main(void) {
  double x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 0.0 && exp(x) != 1.0)
    abort(); /* special point: exp(±0) = 1 */
  if (sin(x) > 1.0)
    abort(); /* range: sin ∈ [-1, 1] */
  if (x > 1.0 && log(x) <= 0.0)
    abort(); /* sign: x > 1 ⇒ log(x) > 0 */
  if (isnan(x) && !isnan(cos(x)))
    abort(); /* NaN in ⇒ NaN out */
  if (pow(x, 0.0) != 1.0 && !isnan(x))
    abort(); /* pow(x, ±0) = 1 */
  long double l;
  klee_make_symbolic(&l, sizeof l, "l");
  if (l == 1.0L && logl(l) != 0.0L)
    abort(); /* special point, long double: log(1) = +0 */
  if (tanhl(l) < -1.0L)
    abort(); /* range, long double */
  return 0;
}
