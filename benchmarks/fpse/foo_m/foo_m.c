/*
 * FPSE's foo_m: x > LO and x + 1e12 == 1e12.
 * Over the reals infeasible for x > 0; over the floats feasible exactly
 * for x in (0, 32767.998046875] (single: 32768 is a tie and rounds to
 * even, i.e. up) and (0, 2^-14] (double).
 * LO=0, float (bug): x = 1.
 * LO=32767.998046875f, float (correct, checked exhaustively): x >= 32768.
 * LO=0, double (bug): x = 1e-5.
 * LO=0x1p-14, double (correct): 1e12 has ulp 2^-13 in double, x > 2^-14
 *   exceeds half an ulp and x + 1e12 rounds above 1e12 (+inf included).
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
  if (x > LO) {
    TYPE z = x + y;
    if (z == y)
      __VERIFIER_error();
  }
  return 0;
}
