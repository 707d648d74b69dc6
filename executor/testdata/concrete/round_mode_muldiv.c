// Rounding modes applied to multiplication and division in float, double and long double:
// 1/3, 2/3, products with inexact results, underflow to zero vs smallest subnormal,
// overflow to inf vs MAX, negative operands (directed rounding is sign-sensitive).
#include <fenv.h>
#include <float.h>
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

__attribute__((noinline)) static double muld(double a, double b) { return a * b; }
__attribute__((noinline)) static double divd(double a, double b) { return a / b; }
__attribute__((noinline)) static float mulf(float a, float b) { return a * b; }
__attribute__((noinline)) static float divf(float a, float b) { return a / b; }
__attribute__((noinline)) static long double mull(long double a, long double b) { return a * b; }
__attribute__((noinline)) static long double divl(long double a, long double b) { return a / b; }

int main(void) {
    volatile double one = 1.0, three = 3.0, tenth = 0.1, tm = DBL_TRUE_MIN, mx = DBL_MAX;
    volatile float fone = 1.0f, fthree = 3.0f, ftm = FLT_TRUE_MIN;
    volatile long double lone = 1.0L, lthree = 3.0L, ltm = LDBL_TRUE_MIN;
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        printf("%s (%d)\n", names[m], fegetround() == modes[m]);
        printf(" d %a %a %a %a\n", divd(one, three), divd(-one, three), divd(2.0 * one, three), muld(tenth, three));
        printf(" d %a %a %a\n", muld(-tenth, three), muld(tm, 0.5), muld(-tm, 0.5));
        printf(" d %a %a %a\n", muld(mx, 1.5), divd(-mx, 0.5), divd(tm, three));
        printf(" f %a %a %a %a\n", divf(fone, fthree), divf(-fone, fthree), mulf(ftm, 0.75f), mulf(0.1f * fone, fthree));
        printf(" L %La %La %La %La\n", divl(lone, lthree), divl(-lone, lthree), mull(ltm, 0.5L), mull(0.1L * lone, lthree));
        double p = 1.0;
        for (int i = 0; i < 50; i++) p = muld(p, 1.1);
        double q = p;
        for (int i = 0; i < 50; i++) q = divd(q, 1.1);
        printf(" chain %a %a\n", p, q);
    }
    fesetround(FE_TONEAREST);
    return 0;
}
