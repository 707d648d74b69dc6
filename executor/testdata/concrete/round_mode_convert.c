// Rounding modes applied to conversions: double->float, long double->double/float,
// int/long long/unsigned long long -> float/double (inexact), while C casts float->int
// always truncate regardless of mode; lrint/llrint follow the mode.
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#pragma STDC FENV_ACCESS ON

static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *names[] = {"near", "up", "down", "zero"};

__attribute__((noinline)) static float d2f(double x) { return (float)x; }
__attribute__((noinline)) static double l2d(long double x) { return (double)x; }
__attribute__((noinline)) static float l2f(long double x) { return (float)x; }
__attribute__((noinline)) static float i2f(int x) { return (float)x; }
__attribute__((noinline)) static double ll2d(long long x) { return (double)x; }
__attribute__((noinline)) static float ll2f(long long x) { return (float)x; }
__attribute__((noinline)) static double u64_2d(uint64_t x) { return (double)x; }
__attribute__((noinline)) static float u64_2f(uint64_t x) { return (float)x; }
__attribute__((noinline)) static long double u64_2l(uint64_t x) { return (long double)x; }
__attribute__((noinline)) static int d2i(double x) { return (int)x; }

int main(void) {
    volatile double d = 0.1, dn = -0.1, dbig = 1e39;
    volatile long double l = 0.1L, ln = -1.0L / 3.0L;
    volatile int iv = 16777217, ineg = -16777219;
    volatile long long llv = 9007199254740993LL, llneg = -9007199254740995LL;
    volatile uint64_t uv = 0xffffffffffffffffULL, uv2 = 0x8000000000000401ULL;
    volatile double half = 2.5, mhalf = -2.5, frac = 2.7;
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        printf("%s %d\n", names[m], fegetround() == modes[m]);
        printf(" d2f %a %a %a\n", d2f(d), d2f(dn), d2f(dbig));
        printf(" l2d %a %a l2f %a %a\n", l2d(l), l2d(ln), l2f(l), l2f(ln));
        printf(" i2f %a %a ll2d %a %a ll2f %a\n", i2f(iv), i2f(ineg), ll2d(llv), ll2d(llneg), ll2f(llv));
        printf(" u64 %a %a %a %a %La\n", u64_2d(uv), u64_2d(uv2), u64_2f(uv), u64_2f(uv2), u64_2l(uv));
        printf(" cast %d %d %d lrint %ld %ld %ld llrint %lld\n", d2i(half), d2i(mhalf), d2i(frac), lrint(half),
               lrint(mhalf), lrint(frac), llrint(-frac));
    }
    fesetround(FE_TONEAREST);
    return 0;
}
