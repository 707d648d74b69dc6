/*
 * Concrete program: 1/3 in the four rounding modes.  1/3 is inexact, so
 * RD = RZ < RU, and RN is one of RD, RU: RU in single precision
 * (0x1.555556p-2), RD in double (0x1.5555555555555p-2).
 *
 * Default (bug): asserts RD == RU.
 * ORDER (correct): RD == RZ, RD < RU, RN == RD or RN == RU, and
 *   RU - RD is one ulp (2^-25 for float, 2^-54 for double).
 */
#include <assert.h>
#include <fenv.h>

#ifndef TYPE
#define TYPE float
#endif

static TYPE third(int mode) {
  TYPE one = 1, three = 3;
  fesetround(mode);
  TYPE r = one / three;
  fesetround(FE_TONEAREST);
  return r;
}

int main(void) {
  TYPE rn = third(FE_TONEAREST), ru = third(FE_UPWARD);
  TYPE rd = third(FE_DOWNWARD), rz = third(FE_TOWARDZERO);
#ifdef ORDER
  assert(rd == rz && rd < ru && (rn == rd || rn == ru) && ru - rd == ULP);
#else
  (void)rn;
  (void)rz;
  assert(rd == ru);
#endif
  return 0;
}
