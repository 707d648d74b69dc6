/*
 * FPSE's g2_i (Goldberg's discriminant): with A = 1.22 and B = 3.34, find
 * C such that B*B - 4*(A*C) == 0 (three-address form: T1 = B*B,
 * T2 = A*C, T3 = 4*T2, D = T1 - T3).  The rational solution 27889/12200
 * is not a float; in single precision the only solution is
 * C = 2.2859835624694824 (0x1.249c44p+1), in double C = 2.285983606557377.
 *
 * Default (bug): the error is reachable with that C.
 * EXCLUDE (float, correct, checked exhaustively): that C is excluded by
 *   an assumption, and no other float satisfies D == 0.
 */
#include <assert.h>
#include "klee/klee.h"

#ifndef TYPE
#define TYPE float
#endif

int main(void) {
  TYPE A = (TYPE)1.22, B = (TYPE)3.34, C;
  klee_make_symbolic(&C, sizeof C, "C");
#ifdef EXCLUDE
  klee_assume(C != EXCLUDE);
#endif
  TYPE T1 = B * B;
  TYPE T2 = A * C;
  TYPE T3 = 4 * T2;
  TYPE D = T1 - T3;
  assert(D != 0);
  return 0;
}
