#include "mini.h"

double mini_mean(const double *x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += x[i];
  return s / (double)n;
}

/* Written with < rather than !(x >= lo): a NaN passes the check. */
int mini_range_ok(const double *x, size_t n, double lo, double hi) {
  for (size_t i = 0; i < n; i++)
    if (x[i] < lo || x[i] > hi)
      return 0;
  return 1;
}
