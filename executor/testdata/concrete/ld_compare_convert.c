// long double comparisons and conversions: ordering of values closer than double precision,
// ld <-> int64/uint64/int32/__int128 conversions (in range), ld <-> float/double rounding,
// comparisons after conversion, selection and sorting of long doubles.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int cmp(long double a, long double b) { return (a < b) ? -1 : (a > b) ? 1 : (a == b) ? 0 : 2; }
__attribute__((noinline)) static long long to_ll(long double x) { return (long long)x; }
__attribute__((noinline)) static unsigned long long to_ull(long double x) { return (unsigned long long)x; }
__attribute__((noinline)) static int to_i(long double x) { return (int)x; }
__attribute__((noinline)) static long double from_ll(long long x) { return x; }
__attribute__((noinline)) static long double from_ull(unsigned long long x) { return x; }
__attribute__((noinline)) static long double from_i128(__int128 x) { return (long double)x; }

int main(void) {
    volatile long double a = 1.0L, b = 1.0L + 0x1p-63L, c = 1.0L - 0x1p-64L;
    printf("cmp %d %d %d %d\n", cmp(a, b), cmp(b, a), cmp(c, a), cmp(a, a));
    printf("as double equal %d %d\n", (double)a == (double)b, (double)c == (double)a);
    volatile long long lls[] = {0, 1, -1, 9223372036854775807LL, -9223372036854775807LL - 1, 1234567890123456789LL,
                                (1LL << 62) + 1};
    for (int i = 0; i < 7; i++) {
        long double x = from_ll(lls[i]);
        printf("ll %lld -> %La -> %lld exact=%d\n", lls[i], x, to_ll(x), to_ll(x) == lls[i]);
    }
    volatile unsigned long long us[] = {0, 18446744073709551615ULL, 9223372036854775808ULL, 12345678901234567891ULL};
    for (int i = 0; i < 4; i++) {
        long double x = from_ull(us[i]);
        printf("ull %llu -> %La -> %llu\n", us[i], x, to_ull(x));
    }
    volatile long double fr[] = {2.9L, -2.9L, 2147483647.99L, -2147483648.5L, 0.999999999999999999L};
    for (int i = 0; i < 5; i++) printf("trunc %La -> %d %lld\n", fr[i], to_i(fr[i]), to_ll(fr[i]));
    volatile __int128 big = ((__int128)1 << 100) + ((__int128)1 << 40) + 1;
    printf("i128 %La %La\n", from_i128(big), from_i128(-big));
    volatile long double third = 1.0L / 3.0L;
    double d = (double)third;
    float f = (float)third;
    printf("narrow %a %a back %La %La cmp %d %d\n", d, f, (long double)d, (long double)f, cmp(d, third), cmp(f, third));
    /* insertion sort of long doubles */
    long double arr[8] = {3.5L, -1e100L, 1e-4000L, 0.1L, 0.1L + 0x1p-66L, -0.0L, 2.0L, 1e4000L};
    for (int i = 1; i < 8; i++) {
        long double key = arr[i];
        int j = i - 1;
        while (j >= 0 && arr[j] > key) { arr[j + 1] = arr[j]; j--; }
        arr[j + 1] = key;
    }
    for (int i = 0; i < 8; i++) printf("sorted %La\n", arr[i]);
    long double mx = arr[0];
    for (int i = 1; i < 8; i++) mx = arr[i] > mx ? arr[i] : mx;
    printf("max %La ge %d le %d ne %d\n", mx, arr[7] >= arr[6], arr[1] <= arr[0], arr[3] != arr[4]);
    return 0;
}
