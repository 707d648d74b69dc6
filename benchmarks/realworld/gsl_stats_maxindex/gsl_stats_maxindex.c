/*
 * GSL's gsl_stats_max_index on four symbolic doubles: the index of the
 * largest element.  GSL returns the index of the first NaN when there is
 * one (its loop stops at a NaN), so "d[k] >= d[i] for all i" fails when a
 * NaN is allowed (bug: input d=nan,1,1,1 returns k=0).
 * FINITE (correct): every element is assumed ordered (x == x), and the
 * returned element is then >= every other one: GSL's loop keeps the first
 * strict maximum.
 */
#include <assert.h>
#include <stddef.h>
#include <gsl/gsl_statistics_double.h>
#include "klee/klee.h"

int main(void) {
  double d[4];
  klee_make_symbolic(d, sizeof d, "d");
#ifdef FINITE
  for (int i = 0; i < 4; i++)
    klee_assume(d[i] == d[i]);
#endif
  size_t k = gsl_stats_max_index(d, 1, 4);
  for (int i = 0; i < 4; i++)
    assert(d[k] >= d[i]);
  return 0;
}
