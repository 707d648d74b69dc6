/*
 * GLPK (Debian glpk 5.0-1): misc/round2n.c, misc/misc.h, env/env.h,
 * env/stdc.h and the package build's config.h are the package's files,
 * unchanged. round2n is what glp_scale_prob uses (draft/glpscl.c, flag
 * GLP_SF_2N) to round row and column scale factors to powers of two. Its
 * contract (misc/round2n.c): "Given a positive floating-point value x the
 * routine round2n returns 2^n such that |x - 2^n| is minimal."
 * glp_assert_ (env/error.c) is given here with the same effect: it prints
 * the failed assertion and aborts (the library's glp_error_ prints, then
 * aborts unless an error hook is set).
 * Bug (default): for a finite x >= 1.5 * 2^1023, frexp gives f > 0.75,
 * e = 1024, and ldexp(1.0, 1024) overflows: round2n returns inf, not a
 * power of two (the nearest one, 2^1023, is finite).
 * CORRECT: for every positive finite x below 2^1000 the result r is
 * finite and at least as near to x as its neighbours r/2 and 2r.
 */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "klee/klee.h"
#include "env.h"
#include "misc.h"

void glp_assert_(const char *expr, const char *file, int line) {
  fprintf(stderr, "Assertion failed: %s\nError detected in file %s at line %d\n",
          expr, file, line);
  abort();
}

int main(void) {
  double x, r;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0.0);
  klee_assume(x <= DBL_MAX);
#ifdef CORRECT
  klee_assume(x < 0x1p1000);
#endif
  r = round2n(x);
  /* a power of two: finite, mantissa exactly 1/2 */
  assert(isfinite(r));
#ifdef CORRECT
  /* r = 2^n is nearest to x exactly when 0.75 r <= x <= 1.5 r (r/2 and
     2r are the neighbours; both products are exact here) */
  assert(0.75 * r <= x && x <= 1.5 * r);
#endif
  return 0;
}
