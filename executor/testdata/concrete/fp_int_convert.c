// int <-> float/double/long double conversions: truncation toward zero, values at limits
// (INT_MAX, INT_MIN, 2^31, 2^63-1024, 2^53+1), rounding of large ints to float (ties to even),
// -0.0 and 0.5 ties to int, unsigned 32-bit, chars and shorts. All conversions are in range.
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int d2i(double x) { return (int)x; }
__attribute__((noinline)) static long long d2ll(double x) { return (long long)x; }
__attribute__((noinline)) static unsigned d2u(double x) { return (unsigned)x; }
__attribute__((noinline)) static int f2i(float x) { return (int)x; }
__attribute__((noinline)) static short f2s(float x) { return (short)x; }
__attribute__((noinline)) static unsigned char d2uc(double x) { return (unsigned char)x; }
__attribute__((noinline)) static long long l2ll(long double x) { return (long long)x; }
__attribute__((noinline)) static float i2f(int x) { return (float)x; }
__attribute__((noinline)) static double ll2d(long long x) { return (double)x; }
__attribute__((noinline)) static float ll2f(long long x) { return (float)x; }
__attribute__((noinline)) static float u2f(unsigned x) { return (float)x; }
__attribute__((noinline)) static double u2d(unsigned x) { return (double)x; }
__attribute__((noinline)) static long double ll2l(long long x) { return (long double)x; }

int main(void) {
    volatile double dv[] = {0.0, -0.0, 0.5, -0.5, 0.9999999999999999, -1.9999999999999998, 2147483647.0,
                            2147483647.9, -2147483648.0, -2147483648.9, 1e9, -123456.789, 4294967295.0};
    for (int i = 0; i < 13; i++) {
        double x = dv[i];
        printf("d %a -> i %d ll %lld", x, d2i(x < 2147483648.0 ? x : 0), d2ll(x));
        if (x > -1.0) printf(" u %u", d2u(x));
        printf("\n");
    }
    volatile double big[] = {9223372036854774784.0 /* 2^63-1024 */, -9223372036854775808.0, 9007199254740993.0,
                             4503599627370496.5, 1e18, -1e18};
    for (int i = 0; i < 6; i++) printf("big %a -> %lld\n", big[i], d2ll(big[i]));
    volatile float fv[] = {0.5f, -0.99f, 2147483520.0f, -2147483648.0f, 32767.9f, -32768.9f, 1e-30f};
    for (int i = 0; i < 7; i++)
        printf("f %a -> %d short %d\n", fv[i], f2i(fv[i]), (fv[i] > -32769.0f && fv[i] < 32768.0f) ? f2s(fv[i]) : 0);
    printf("uc %u %u %u\n", d2uc(255.9), d2uc(0.1), d2uc(-0.7));
    volatile long double lv[] = {9223372036854775807.0L, -9223372036854775808.0L, 0.9999999999999999999L,
                                 -1e18L - 0.5L, 123.456L};
    for (int i = 0; i < 5; i++) printf("L %La -> %lld\n", lv[i], l2ll(lv[i]));
    volatile int iv[] = {0, 1, -1, 16777216, 16777217, 16777219, -16777217, INT_MAX, INT_MIN, 33554435, 123456789};
    for (int i = 0; i < 11; i++) printf("i %d -> f %a d %a\n", iv[i], i2f(iv[i]), (double)iv[i]);
    volatile long long lv2[] = {0, 9007199254740993LL, -9007199254740993LL, 9007199254740995LL, LLONG_MAX, LLONG_MIN,
                                (1LL << 62) + (1LL << 38) + 1, 4611686018427387903LL, -1};
    for (int i = 0; i < 9; i++)
        printf("ll %lld -> d %a f %a L %La\n", lv2[i], ll2d(lv2[i]), ll2f(lv2[i]), ll2l(lv2[i]));
    volatile unsigned uv[] = {0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xffffff7fu, 0xffffff80u, 16777217u};
    for (int i = 0; i < 8; i++) printf("u %u -> f %a d %a\n", uv[i], u2f(uv[i]), u2d(uv[i]));
    volatile signed char c = -100;
    volatile unsigned short us = 65535;
    printf("small %a %a %a\n", (double)c, (float)us, (double)(char)'A');
    return 0;
}
