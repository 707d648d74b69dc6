/*
 * gsl_stats_variance of three symbolic doubles that are not all equal:
 * the variance should be positive.  TINY (bug): with subnormal inputs the
 * squared deviations underflow to zero: x = (0, 0x1p-1074, 0) gives 0.
 * Otherwise (correct) the inputs lie in [1, 2]: two different doubles
 * there differ by at least 2^-52, the mean cannot equal all three, so
 * some deviation is at least about 2^-54 and its square (2^-108) does
 * not underflow.
 */
#include <assert.h>
#include <gsl/gsl_statistics_double.h>
#include "klee/klee.h"

int main(void) {
  double x[3];
  klee_make_symbolic(x, sizeof x, "x");
#ifdef TINY
  for (int i = 0; i < 3; i++)
    klee_assume((x[i] >= 0) & (x[i] <= 0x1p-1000));
#else
  for (int i = 0; i < 3; i++)
    klee_assume((x[i] >= 1) & (x[i] <= 2));
#endif
  klee_assume((x[0] != x[1]) | (x[1] != x[2]));
  double v = gsl_stats_variance(x, 1, 3);
  assert(v > 0);
  return 0;
}
