// Rounding modes and decimal conversion: glibc printf rounds decimal output according to the
// current rounding mode (%.Nf, %.Ne, %.Ng, %La unaffected for exact hex), and strtod/strtof
// parse inexact decimal strings according to the mode.
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

int main(void) {
    volatile double vals[] = {0.125, -0.125, 2.5, 0.1, -0.1, 1.0 / 3.0, 2.0 / 3.0, 1e21 / 7.0, 0.5, 1.5};
    volatile long double lv = 2.0L / 3.0L;
    volatile float fv = 0.1f;
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        printf("%s %d\n", names[m], fegetround() == modes[m]);
        for (int i = 0; i < 10; i++)
            printf(" %.2f %.0f %.3e %.4g %.1a\n", vals[i], vals[i], vals[i], vals[i], vals[i]);
        printf(" L %.5Lf %.3Le %La\n", lv, -lv, lv);
        printf(" f %.10f %.3g\n", fv, -fv);
        char buf[64];
        snprintf(buf, sizeof buf, "%.15g|%.1f", vals[5], vals[2]);
        puts(buf);
        printf(" strtod %a %a %a strtof %a %a\n", strtod("0.1", 0), strtod("-0.1", 0), strtod("1e-320", 0),
               strtof("0.1", 0), strtof("3.4028236e38", 0));
        printf(" strtold %La\n", strtold("0.1", 0));
    }
    fesetround(FE_TONEAREST);
    return 0;
}
