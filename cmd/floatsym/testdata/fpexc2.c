#include "klee/klee.h"
double f(double x, int n) {
  return 1e308 * x / (double)n;
}
int main(void) {
  double x; int n;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n >= 0 && n < 4);
  return f(x, n) > 0;
}
