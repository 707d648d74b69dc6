// Bit-counting and byte-swap builtins: __builtin_popcount/l/ll, clz/ctz (nonzero args),
// ffs, parity, bswap16/32/64, and the equivalent hand-written loops for cross-checking.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int pop_loop(uint64_t v) { int c = 0; while (v) { c += (int)(v & 1); v >>= 1; } return c; }
__attribute__((noinline)) static int clz_loop32(uint32_t v) { int c = 0; while (!(v & 0x80000000u)) { v <<= 1; c++; } return c; }
__attribute__((noinline)) static uint32_t bswap_manual(uint32_t v) {
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}
__attribute__((noinline)) static uint16_t bs16(uint16_t v) { return __builtin_bswap16(v); }
__attribute__((noinline)) static uint32_t bs32(uint32_t v) { return __builtin_bswap32(v); }
__attribute__((noinline)) static uint64_t bs64(uint64_t v) { return __builtin_bswap64(v); }

static volatile uint64_t vals[] = {1, 2, 3, 0x80, 0xff, 0x100, 0x8000, 0xffff, 0x12345678, 0x80000000u,
                                   0xffffffffu, 0x100000000ULL, 0x8000000000000000ULL,
                                   0xffffffffffffffffULL, 0x0123456789abcdefULL, 0xf0f0f0f000000000ULL};

int main(void) {
    int n = (int)(sizeof vals / sizeof vals[0]);
    for (int i = 0; i < n; i++) {
        uint64_t v = vals[i];
        uint32_t lo = (uint32_t)v;
        printf("v=%016llx pop=%d popll=%d popl=%d loop=%d", (unsigned long long)v, __builtin_popcount(lo),
               __builtin_popcountll(v), __builtin_popcountl((unsigned long)v), pop_loop(v));
        printf(" clzll=%d ctzll=%d ffsll=%d parity=%d", __builtin_clzll(v), __builtin_ctzll(v),
               __builtin_ffsll((long long)v), __builtin_parityll(v));
        if (lo) printf(" clz=%d ctz=%d cl=%d", __builtin_clz(lo), __builtin_ctz(lo), clz_loop32(lo));
        else printf(" ffs0=%d", __builtin_ffs((int)lo));
        printf(" bs16=%04x bs32=%08x/%08x bs64=%016llx\n", bs16((uint16_t)v), bs32(lo), bswap_manual(lo),
               (unsigned long long)bs64(v));
    }
    /* byte swap round trip and endianness check */
    volatile uint32_t x = 0x11223344u;
    unsigned char *p = (unsigned char *)&x;
    printf("bytes %02x %02x %02x %02x rt=%08x\n", p[0], p[1], p[2], p[3], bs32(bs32(x)));
    /* log2 via clz */
    for (uint32_t k = 1; k < 5000000; k = k * 3 + 1) printf("log2(%u)=%d ", k, 31 - __builtin_clz(k));
    printf("\n");
    /* popcount over a range */
    unsigned total = 0;
    for (uint32_t k = 0; k < 4096; k++) total += (unsigned)__builtin_popcount(k * 2654435761u);
    printf("total %u\n", total);
    return 0;
}
