// Rounding modes applied to rint/nearbyint/lrint/llrint on float, double and long double
// (current-mode rounding) versus round/trunc/floor/ceil (mode-independent).
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

int main(void) {
    volatile double dv[] = {0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 0.1, -0.0, 4503599627370495.5};
    volatile float fv[] = {0.5f, 2.5f, -3.5f, 8388607.5f};
    volatile long double lv[] = {0.5L, -2.5L, 9223372036854775806.5L};
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        printf("%s %d\n", names[m], fegetround() == modes[m]);
        for (int i = 0; i < 9; i++)
            printf(" d %a: rint %a nb %a lrint %ld llrint %lld | round %a trunc %a\n", dv[i], rint(dv[i]),
                   nearbyint(dv[i]), lrint(dv[i]), llrint(dv[i]), round(dv[i]), trunc(dv[i]));
        for (int i = 0; i < 4; i++)
            printf(" f %a: rintf %a nbf %a lrintf %ld\n", fv[i], rintf(fv[i]), nearbyintf(fv[i]), lrintf(fv[i]));
        for (int i = 0; i < 3; i++)
            printf(" L %La: rintl %La llrintl %lld\n", lv[i], rintl(lv[i]), llrintl(lv[i]));
    }
    fesetround(FE_TONEAREST);
    return 0;
}
