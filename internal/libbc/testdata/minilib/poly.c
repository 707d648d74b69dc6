#include "mini.h"

double mini_horner(const double *c, size_t n, double t) {
  double r = 0;
  while (n-- > 0)
    r = r * t + c[n];
  return r;
}
