// Shifts (shl/lshr/ashr) by every in-range amount at 8/16/32/64 bits, and/or/xor/not,
// mask idioms, sign extension via shifts (arithmetic right shift is implementation-defined
// in C but is arithmetic on clang/x86_64).
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static uint32_t shl32(uint32_t a, unsigned s) { return a << s; }
__attribute__((noinline)) static uint32_t lshr32(uint32_t a, unsigned s) { return a >> s; }
__attribute__((noinline)) static int32_t ashr32(int32_t a, unsigned s) { return a >> s; }
__attribute__((noinline)) static uint64_t shl64(uint64_t a, unsigned s) { return a << s; }
__attribute__((noinline)) static uint64_t lshr64(uint64_t a, unsigned s) { return a >> s; }
__attribute__((noinline)) static int64_t ashr64(int64_t a, unsigned s) { return a >> s; }
__attribute__((noinline)) static int32_t sext_bits(uint32_t v, unsigned bits) {
    /* sign-extend the low `bits` bits of v */
    uint32_t m = 1u << (bits - 1);
    v &= (bits == 32) ? 0xffffffffu : ((1u << bits) - 1);
    return (int32_t)((v ^ m) - m);
}

int main(void) {
    volatile uint32_t a = 0x9abcdef1u;
    volatile int32_t sa = -123456789;
    volatile uint64_t b = 0xf0e1d2c3b4a59687ULL;
    volatile int64_t sb = -987654321012345LL;
    for (unsigned s = 0; s < 32; s++)
        printf("32 s=%2u %08x %08x %08x\n", s, shl32(a, s), lshr32(a, s), (uint32_t)ashr32(sa, s));
    for (unsigned s = 0; s < 64; s += 3)
        printf("64 s=%2u %016llx %016llx %016llx\n", s, (unsigned long long)shl64(b, s),
               (unsigned long long)lshr64(b, s), (unsigned long long)ashr64(sb, s));
    volatile uint8_t c = 0xa5;
    volatile uint16_t d = 0x8001;
    for (unsigned s = 0; s < 8; s++)
        printf("8/16 s=%u %02x %02x %d %04x %04x %d\n", s, (uint8_t)(c << s), (uint8_t)(c >> s),
               (int8_t)c >> s, (uint16_t)(d << s), (uint16_t)(d >> s), (int16_t)d >> s);
    /* bitwise ops */
    volatile uint32_t x = 0x0ff0f00fu, y = 0x3c3c3c3cu;
    printf("and %08x or %08x xor %08x not %08x andn %08x\n", x & y, x | y, x ^ y, ~x, x & ~y);
    volatile uint64_t X = 0x00ff00ff00ff00ffULL, Y = 0x0f0f0f0f0f0f0f0fULL;
    printf("and %016llx or %016llx xor %016llx not %016llx\n", (unsigned long long)(X & Y),
           (unsigned long long)(X | Y), (unsigned long long)(X ^ Y), (unsigned long long)~X);
    /* idioms: lowest set bit, clear lowest, power-of-two test, sign mask */
    for (int i = 0; i < 8; i++) {
        uint32_t v = (uint32_t)(a * (uint32_t)(i + 1)) >> i;
        int32_t sv = sa + i * 1000;
        printf("v=%08x low=%08x clr=%08x pow2=%d smask=%08x absn=%d\n", v, v & (0u - v), v & (v - 1),
               v && !(v & (v - 1)), (uint32_t)(sv >> 31), (sv ^ (sv >> 31)) - (sv >> 31));
    }
    for (unsigned bits = 1; bits <= 32; bits += 5)
        printf("sext %2u %d %d\n", bits, sext_bits(0xdeadbeefu, bits), sext_bits(0x12345677u, bits));
    /* shift amount from variable masked */
    volatile unsigned amt = 37;
    printf("masked %08x %016llx\n", shl32(a, amt & 31), (unsigned long long)shl64(b, amt & 63));
    return 0;
}
