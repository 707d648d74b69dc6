// Sparse switch statements (binary-search lowering): large/negative case values,
// 64-bit selectors, case ranges that are far apart, lookup via switch in a loop.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int sparse(int x) {
    switch (x) {
    case -1000000: return 1;
    case -77: return 2;
    case 3: return 3;
    case 100: return 4;
    case 1024: return 5;
    case 65537: return 6;
    case 999999: return 7;
    case 2147483647: return 8;
    case -2147483647 - 1: return 9;
    default: return 0;
    }
}

__attribute__((noinline)) static const char *sparse64(int64_t x) {
    switch (x) {
    case 0: return "zero";
    case 1LL << 40: return "2^40";
    case -(1LL << 50): return "-2^50";
    case 0x7fffffffffffffffLL: return "max";
    case 12345678901LL: return "12345678901";
    default: return "other";
    }
}

__attribute__((noinline)) static unsigned usparse(unsigned x) {
    switch (x) {
    case 0xffffffffu: return 1;
    case 0x80000000u: return 2;
    case 17: return 3;
    case 4000000000u: return 4;
    default: return x % 7;
    }
}

int main(void) {
    volatile int vals[] = {-1000000, -77, -76, 3, 4, 100, 1024, 65537, 65536, 999999,
                           2147483647, -2147483647 - 1, 0};
    for (int i = 0; i < 13; i++) printf("sparse %d -> %d\n", vals[i], sparse(vals[i]));
    volatile int64_t v64[] = {0, 1LL << 40, (1LL << 40) + 1, -(1LL << 50), 0x7fffffffffffffffLL,
                              12345678901LL, -1};
    for (int i = 0; i < 7; i++) printf("s64 %lld -> %s\n", (long long)v64[i], sparse64(v64[i]));
    volatile unsigned uv[] = {0xffffffffu, 0x80000000u, 17, 4000000000u, 18, 0x7fffffffu};
    for (int i = 0; i < 6; i++) printf("u %u -> %u\n", uv[i], usparse(uv[i]));
    /* count hits over a range */
    int hist[10] = {0};
    for (int x = -100; x <= 2000; x++) hist[sparse(x)]++;
    for (int i = 0; i < 10; i++) printf("hist[%d]=%d\n", i, hist[i]);
    return 0;
}
