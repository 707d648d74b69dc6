/*
 * ministat (Debian ministat 20150715-1, Poul-Henning Kamp; ministat.c is
 * the package's file, unchanged, included so its static dataset
 * functions can be called): a data file of three identical values x.
 * Bug (default): x in [1e8, 1e9]. Var computes (syy - sy*sy/n)/(n-1),
 * which cancels catastrophically: for x = 100000002.96 it is -2, and
 * ministat prints the standard deviation as -nan.
 * CORRECT: x an integer in [0, 10^6]: every sum and square is exact,
 * the variance is 0 and the deviation a number.
 */
#define _GNU_SOURCE /* as gcc's default gnu dialect builds ministat */
#define main ministat_main
#include "ministat.c"
#undef main
#include <assert.h>
#include "klee/klee.h"

int main(void) {
  double x;
#ifdef CORRECT
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume((k >= 0) & (k <= 1000000));
  x = k;
#else
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 1e8) & (x <= 1e9));
#endif
  struct dataset *ds = NewSet();
  AddPoint(ds, x);
  AddPoint(ds, x);
  AddPoint(ds, x);
  double sd = Stddev(ds);
  assert(!isnan(sd));
  return 0;
}
