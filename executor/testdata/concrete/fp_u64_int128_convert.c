// Unsigned 64-bit and __int128 <-> floating conversions: values around 2^63, 2^64-2048,
// rounding of u64 to float/double (ties, sticky bits), u64 from doubles >= 2^63, __int128
// and unsigned __int128 to/from float, double and long double.
#include <stdint.h>
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

__attribute__((noinline)) static double u64_to_d(uint64_t x) { return (double)x; }
__attribute__((noinline)) static float u64_to_f(uint64_t x) { return (float)x; }
__attribute__((noinline)) static long double u64_to_l(uint64_t x) { return (long double)x; }
__attribute__((noinline)) static uint64_t d_to_u64(double x) { return (uint64_t)x; }
__attribute__((noinline)) static uint64_t f_to_u64(float x) { return (uint64_t)x; }
__attribute__((noinline)) static uint64_t l_to_u64(long double x) { return (uint64_t)x; }
__attribute__((noinline)) static double i128_to_d(i128 x) { return (double)x; }
__attribute__((noinline)) static float u128_to_f(u128 x) { return (float)x; }
__attribute__((noinline)) static long double i128_to_l(i128 x) { return (long double)x; }
__attribute__((noinline)) static i128 d_to_i128(double x) { return (i128)x; }
__attribute__((noinline)) static u128 l_to_u128(long double x) { return (u128)x; }
__attribute__((noinline)) static u128 f_to_u128(float x) { return (u128)x; }

static void p128(u128 v) { printf("%016llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v); }

int main(void) {
    volatile uint64_t u[] = {0, 1, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0x8000000000000001ULL,
                             0x8000000000000400ULL, 0x8000000000000401ULL, 0xfffffffffffff800ULL /* 2^64-2048 */,
                             0xfffffffffffffbffULL, 0xfffffffffffffc00ULL, 0xffffffffffffffffULL,
                             0x0020000000000001ULL, 0x0020000000000003ULL, 0xffffff7fffffffffULL, 12345678901234567890ULL};
    for (unsigned i = 0; i < sizeof u / sizeof u[0]; i++)
        printf("u64 %llu -> d %a f %a L %La\n", (unsigned long long)u[i], u64_to_d(u[i]), u64_to_f(u[i]),
               u64_to_l(u[i]));
    volatile double d[] = {0.0, 0.99, 9223372036854775808.0, 9223372036854777856.0, 18446744073709549568.0,
                           1e19, 4503599627370497.0, 9223372036854774784.0};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) printf("d %a -> u64 %llu\n", d[i], (unsigned long long)d_to_u64(d[i]));
    volatile float f[] = {9223372036854775808.0f, 18446742974197923840.0f, 1.5f, 16777217.0f};
    for (int i = 0; i < 4; i++) printf("f %a -> u64 %llu\n", f[i], (unsigned long long)f_to_u64(f[i]));
    volatile long double l[] = {18446744073709551615.0L, 9223372036854775808.5L, 0.5L, 1e19L};
    for (int i = 0; i < 4; i++) printf("L %La -> u64 %llu\n", l[i], (unsigned long long)l_to_u64(l[i]));
    /* __int128 */
    i128 vals[] = {0, -1, (i128)1 << 100, -((i128)1 << 100) - 12345, ((i128)1 << 64) + 1,
                   (i128)(((u128)1 << 127) - 1), -(i128)(((u128)1 << 127) - 1) - 1,
                   ((i128)1 << 80) + ((i128)1 << 27) + 1, (i128)0x1fffffffffffffULL << 60};
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        volatile i128 v = vals[i];
        printf("i128 ");
        p128((u128)v);
        printf(" -> d %a L %La f %a\n", i128_to_d(v), i128_to_l(v), u128_to_f((u128)v));
    }
    volatile double dd[] = {1e30, -1e30, 0x1.fffffffffffffp+126, -0x1p+127, 123.9, -0.9};
    for (int i = 0; i < 6; i++) { printf("d %a -> i128 ", dd[i]); p128((u128)d_to_i128(dd[i])); printf("\n"); }
    volatile long double ll[] = {0x1.fffffffffffffffep+127L, 1e38L, 3.5L};
    for (int i = 0; i < 3; i++) { printf("L %La -> u128 ", ll[i]); p128(l_to_u128(ll[i])); printf("\n"); }
    volatile float ff = 3.4028235e38f;
    printf("f %a -> u128 ", ff); p128(f_to_u128(ff)); printf("\n");
    return 0;
}
