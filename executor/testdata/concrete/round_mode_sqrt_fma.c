// Rounding modes applied to sqrt/sqrtf/sqrtl and fma/fmaf/fmal: directed rounding of
// inexact square roots and of fused results, exact cases unaffected, sign of exact zero
// from fma under FE_DOWNWARD.
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

int main(void) {
    volatile double d2 = 2.0, d3 = 3.0, d4 = 4.0, d10 = 10.0, e = 1.0 + 0x1p-30, tenth = 0.1;
    volatile float f2 = 2.0f, f5 = 5.0f, fe = 1.0f + 0x1p-13f;
    volatile long double l2 = 2.0L, l7 = 7.0L, le = 1.0L + 0x1p-40L;
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        printf("%s %d\n", names[m], fegetround() == modes[m]);
        printf(" sqrt %a %a %a %a\n", sqrt(d2), sqrt(d3), sqrt(d4), sqrt(d10));
        printf(" sqrtf %a %a sqrtl %La %La\n", sqrtf(f2), sqrtf(f5), sqrtl(l2), sqrtl(l7));
        printf(" fma %a %a %a\n", fma(e, e, -1.0), fma(tenth, d10, -1.0), fma(-tenth, d3, 0.0));
        printf(" fma zero %a %a\n", fma(d2, d3, -6.0), fma(-d2, d3, 6.0));
        printf(" fmaf %a %a\n", fmaf(fe, fe, -1.0f), fmaf(0.1f * f2, f5, 1.0f));
        printf(" fmal %La %La\n", fmal(le, le, -1.0L), fmal(0.1L * l2, l7, -1.0L));
    }
    fesetround(FE_TONEAREST);
    return 0;
}
