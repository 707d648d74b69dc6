/* One line raising both divide-by-zero and overflow (--check-fp). */
#include "klee/klee.h"
double f(double x, double d) {
  return (x / d) * 1e308 + (1.0 / d);
}
int main(void) {
  double x, d;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&d, sizeof d, "d");
  return f(x, d) > 0;
}
