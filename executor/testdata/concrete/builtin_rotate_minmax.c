// Rotate idioms (compiled to llvm.fshl/fshr), funnel shifts across two words,
// min/max/clamp idioms (smin/smax/umin/umax), abs/labs/llabs and branchless abs.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static uint32_t rotl32(uint32_t x, unsigned r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }
__attribute__((noinline)) static uint32_t rotr32(uint32_t x, unsigned r) { return (x >> (r & 31)) | (x << ((32 - r) & 31)); }
__attribute__((noinline)) static uint64_t rotl64(uint64_t x, unsigned r) { return (x << (r & 63)) | (x >> ((64 - r) & 63)); }
__attribute__((noinline)) static uint8_t rotl8(uint8_t x, unsigned r) { r &= 7; return (uint8_t)((x << r) | (x >> ((8 - r) & 7))); }
__attribute__((noinline)) static uint16_t rotr16(uint16_t x, unsigned r) { r &= 15; return (uint16_t)((x >> r) | (x << ((16 - r) & 15))); }
/* funnel shift: take 32 bits from the concatenation hi:lo starting at bit s */
__attribute__((noinline)) static uint32_t fsh(uint32_t hi, uint32_t lo, unsigned s) {
    s &= 31;
    return s ? (hi << s) | (lo >> (32 - s)) : hi;
}
__attribute__((noinline)) static int smin(int a, int b) { return a < b ? a : b; }
__attribute__((noinline)) static int smax(int a, int b) { return a > b ? a : b; }
__attribute__((noinline)) static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
__attribute__((noinline)) static uint64_t umax64(uint64_t a, uint64_t b) { return a > b ? a : b; }
__attribute__((noinline)) static int64_t smin64(int64_t a, int64_t b) { return a < b ? a : b; }
__attribute__((noinline)) static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
__attribute__((noinline)) static int babs(int v) { int m = v >> 31; return (v + m) ^ m; }

int main(void) {
    volatile uint32_t x = 0x80000001u ^ 0x12345678u;
    volatile uint64_t y = 0xfedcba9876543210ULL;
    for (unsigned r = 0; r < 40; r += 3)
        printf("r=%2u rotl=%08x rotr=%08x rotl64=%016llx rotl8=%02x rotr16=%04x fsh=%08x\n", r, rotl32(x, r),
               rotr32(x, r), (unsigned long long)rotl64(y, r), rotl8((uint8_t)x, r), rotr16((uint16_t)x, r),
               fsh(x, 0xcafebabeu, r));
    volatile int vals[] = {0, 1, -1, 2147483647, -2147483647 - 1, 42, -42, 1000};
    for (int i = 0; i < 8; i++) {
        int a = vals[i], b = vals[(i + 3) % 8];
        printf("a=%d b=%d smin=%d smax=%d umin=%u clamp=%d\n", a, b, smin(a, b), smax(a, b),
               umin((unsigned)a, (unsigned)b), clamp(a, -100, 100));
    }
    volatile int64_t l[] = {-5, 5, INT64_MIN, INT64_MAX};
    for (int i = 0; i < 4; i++)
        printf("64: umax=%llu smin=%lld\n", (unsigned long long)umax64((uint64_t)l[i], (uint64_t)l[(i + 1) % 4]),
               (long long)smin64(l[i], l[(i + 1) % 4]));
    volatile int ai[] = {0, 5, -5, 2147483647, -2147483647};
    for (int i = 0; i < 5; i++) printf("abs %d %d %d\n", ai[i], abs(ai[i]), babs(ai[i]));
    volatile long al = -9000000000L;
    volatile long long all = -9223372036854775807LL;
    printf("labs %ld llabs %lld\n", labs(al), llabs(all));
    /* max over array via idiom */
    int best = vals[0];
    for (int i = 1; i < 8; i++) best = best > vals[i] ? best : vals[i];
    printf("best %d\n", best);
    return 0;
}
