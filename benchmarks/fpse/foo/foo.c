/*
 * FPSE's foo (Botella, Gotlieb, Michel 2004; Gotlieb, ICST 2013 slides):
 *   x < 10000 and x + 1e12 > 1e12.
 * Over the reals the path is feasible for x in (0, 10000).
 * TYPE=float (correct, checked exhaustively): infeasible.  1e12 is
 *   999999995904 in single precision, whose ulp is 65536: any x < 10000
 *   is absorbed (x + y rounds to y or below).
 * TYPE=double (bug): feasible exactly for x in
 *   [6.1035156250000014e-05, 9999.9999999999982]; x = 0.5.
 */
#include "svcomp/svcomp.h"

#ifndef TYPE
#define TYPE float
#endif
#define NONDET_(T) __VERIFIER_nondet_##T()
#define NONDET(T) NONDET_(T)

int main(void) {
  TYPE x = NONDET(TYPE);
  TYPE y = (TYPE)1.0e12;
  if (x < 10000) {
    TYPE z = x + y;
    if (z > y)
      __VERIFIER_error();
  }
  return 0;
}
