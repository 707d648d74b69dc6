// __int128 / unsigned __int128: add/sub/mul/div/rem, shifts, comparisons,
// conversions to and from 64-bit, decimal printing via repeated division.
#include <stdint.h>
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void print_u128(u128 v) {
    char buf[64];
    int n = 0;
    do { buf[n++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    while (n) putchar(buf[--n]);
}
static void print_i128(i128 v) {
    if (v < 0) { putchar('-'); print_u128((u128)0 - (u128)v); }
    else print_u128((u128)v);
}
static void hex128(u128 v) { printf("%016llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v); }

__attribute__((noinline)) static u128 umul(u128 a, u128 b) { return a * b; }
__attribute__((noinline)) static u128 udiv(u128 a, u128 b) { return a / b; }
__attribute__((noinline)) static u128 urem(u128 a, u128 b) { return a % b; }
__attribute__((noinline)) static i128 sdiv(i128 a, i128 b) { return a / b; }
__attribute__((noinline)) static i128 srem(i128 a, i128 b) { return a % b; }
__attribute__((noinline)) static u128 shl(u128 a, int s) { return a << s; }
__attribute__((noinline)) static u128 lshr(u128 a, int s) { return a >> s; }
__attribute__((noinline)) static i128 ashr(i128 a, int s) { return a >> s; }

int main(void) {
    volatile uint64_t lo = 0xfedcba9876543210ULL, hi = 0x0123456789abcdefULL;
    u128 a = ((u128)hi << 64) | lo;
    u128 b = (u128)0xffffffffffffffffULL * 3u + 7u;
    u128 maxu = ~(u128)0;
    i128 mins = (i128)((u128)1 << 127);
    i128 maxs = (i128)(maxu >> 1);
    u128 vals[] = {0, 1, 10, a, b, maxu, (u128)mins, (u128)maxs, (u128)1 << 64, 12345678901234567890ULL};
    int n = (int)(sizeof(vals) / sizeof(vals[0]));
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            u128 x = vals[i], y = vals[j];
            hex128(x + y); putchar(' ');
            hex128(x - y); putchar(' ');
            hex128(umul(x, y)); putchar(' ');
            if (y) { print_u128(udiv(x, y)); putchar(' '); print_u128(urem(x, y)); }
            i128 sx = (i128)x, sy = (i128)y;
            if (sy != 0 && !(sx == mins && sy == -1)) {
                putchar(' '); print_i128(sdiv(sx, sy)); putchar(' '); print_i128(srem(sx, sy));
            }
            printf(" %d%d%d%d\n", x < y, sx < sy, x == y, sx >= sy);
        }
    }
    for (int s = 0; s < 128; s += 9) {
        hex128(shl(a, s)); putchar(' '); hex128(lshr(a, s)); putchar(' ');
        hex128((u128)ashr(mins + 12345, s)); putchar('\n');
    }
    print_i128(mins); putchar('\n');
    print_i128(maxs); putchar('\n');
    print_u128(maxu); putchar('\n');
    volatile int64_t neg = -5;
    i128 e = neg;
    u128 ez = (uint64_t)neg;
    hex128((u128)e); putchar(' '); hex128(ez); putchar('\n');
    printf("trunc %llx %lld\n", (unsigned long long)(uint64_t)a, (long long)(int64_t)(mins + 7));
    /* factorial of 30 fits in u128 */
    u128 f = 1;
    for (volatile unsigned k = 1; k <= 30; k++) f *= k;
    print_u128(f); putchar('\n');
    return 0;
}
