/*
 * GNU units (Debian units 2.22-2): units.c, parse.tab.c (the package's
 * bison output of parse.y), units.h and getopt.h are the package's files,
 * unchanged; this driver includes units.c with its main renamed
 * units_main (spec defines must be upper case) and supplies the entry
 * point. parseunit() is what units
 * calls on every expression it is given ("You have:"/"You want:" and the
 * command line). It reports errors through its return value (E_FUNC for
 * an errno from a math function, E_NOTINDOMAIN for factorial of a
 * non-natural number, ...), so a 0 return promises a usable factor.
 * Bug (default): the numeric division operator '|' (parse.y's
 * `numexpr NUMDIV numexpr { $$ = $1 / $3; }`) never checks its divisor:
 * "1|0" parses without error to factor = inf (units prints
 * "Definition: inf", and "0|0" gives "Definition: -nan").
 * CORRECT: "D|4" for every digit D parses to exactly D/4.
 */
#define main units_main
#include "units.c"
#undef main
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include "klee/klee.h"
/* units.h came with units.c (it has no include guard) */

int main(void) {
  char expr[4];
  struct unittype u;
  char *errstr = 0;
  int errloc = 0, err;
  char d;
  klee_make_symbolic(&d, sizeof d, "d");
  klee_assume(d >= '0');
  klee_assume(d <= '9');
#ifdef CORRECT
  expr[0] = d;
  expr[1] = '|';
  expr[2] = '4';
#else
  expr[0] = '1';
  expr[1] = '|';
  expr[2] = d;
#endif
  expr[3] = 0;
  err = parseunit(&u, expr, &errstr, &errloc);
  if (err == 0) {
    /* a successful parse promises a finite number */
    assert(isfinite(u.factor));
#ifdef CORRECT
    assert(u.factor == (d - '0') / 4.0);
#endif
    freeunit(&u);
  }
  return 0;
}
