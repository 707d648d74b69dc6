/*
 * Scaling a float by 1e30f overflows for |x| > about 3.4e8.  Computing in
 * double (SCALE_DOUBLE) cannot overflow: |x| * 1e30 < 3.5e68.
 *
 * Default (bug): float product.
 * SCALE_DOUBLE (correct): the product is made in double.
 */
#include "klee/klee.h"

int main(void) {
  float x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (!(x >= -3.4e38f && x <= 3.4e38f))
    return 0;
#ifdef SCALE_DOUBLE
  double r = (double)x * 1e30;
#else
  float r = x * 1e30f;
#endif
  return r > 1;
}
