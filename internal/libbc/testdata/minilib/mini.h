#ifndef MINI_H
#define MINI_H
#include <stddef.h>
/* mini_mean: the arithmetic mean of x[0..n-1] (n > 0). */
double mini_mean(const double *x, size_t n);
/* mini_range_ok: 1 when every x[i] lies in [lo, hi]. */
int mini_range_ok(const double *x, size_t n, double lo, double hi);
/* mini_horner: c[0] + c[1] t + ... + c[n-1] t^(n-1). */
double mini_horner(const double *c, size_t n, double t);
#endif
