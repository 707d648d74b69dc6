// Rounding modes (fesetround/fegetround) applied to addition and subtraction in float,
// double and long double: inexact sums, exact-zero sign (x - x is -0 only in FE_DOWNWARD),
// overflow to inf vs MAX depending on direction.
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

__attribute__((noinline)) static double addd(double a, double b) { return a + b; }
__attribute__((noinline)) static double subd(double a, double b) { return a - b; }
__attribute__((noinline)) static float addf(float a, float b) { return a + b; }
__attribute__((noinline)) static long double addl(long double a, long double b) { return a + b; }
__attribute__((noinline)) static long double subl(long double a, long double b) { return a - b; }

int main(void) {
    volatile double a = 1.0, tiny = 0x1p-60, third = 1.0 / 3.0, big = DBL_MAX, five = 5.0;
    volatile float fa = 1.0f, ft = 0x1p-30f, fbig = FLT_MAX;
    volatile long double la = 1.0L, lt = 0x1p-70L, lthird = 1.0L / 3.0L, lbig = LDBL_MAX;
    for (int m = 0; m < 4; m++) {
        if (fesetround(modes[m]) != 0) { printf("fesetround failed\n"); return 1; }
        printf("%s: get=%d ok=%d\n", names[m], fegetround() == modes[m], fegetround() == modes[m]);
        printf(" d %a %a %a %a\n", addd(a, tiny), addd(-a, -tiny), subd(a, tiny), addd(third, third));
        printf(" d zero %a %a overflow %a %a\n", subd(five, five), addd(-five, five), addd(big, big), addd(-big, -big));
        printf(" d sum %a\n", addd(addd(0.1, 0.2), third));
        printf(" f %a %a %a overflow %a\n", addf(fa, ft), addf(-fa, -ft), addf(fa, (float)third), addf(fbig, fbig));
        printf(" L %La %La %La %La\n", addl(la, lt), subl(-la, lt), addl(lthird, lthird), subl(lthird, lthird));
        printf(" L overflow %La\n", addl(lbig, lbig));
        double s = 0;
        for (int i = 1; i <= 100; i++) s = addd(s, 1.0 / i);
        printf(" harmonic %a\n", s);
    }
    fesetround(FE_TONEAREST);
    printf("restored %d %a\n", fegetround() == FE_TONEAREST, addd(a, tiny));
    return 0;
}
