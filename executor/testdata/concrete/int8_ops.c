// 8-bit signed/unsigned integer arithmetic: add/sub/mul/div/rem, wraparound,
// shifts, bitwise ops and comparisons on int8_t/uint8_t.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int8_t add8(int8_t a, int8_t b) { return (int8_t)(a + b); }
__attribute__((noinline)) static int8_t sub8(int8_t a, int8_t b) { return (int8_t)(a - b); }
__attribute__((noinline)) static int8_t mul8(int8_t a, int8_t b) { return (int8_t)(a * b); }
__attribute__((noinline)) static int8_t div8(int8_t a, int8_t b) { return (int8_t)(a / b); }
__attribute__((noinline)) static int8_t rem8(int8_t a, int8_t b) { return (int8_t)(a % b); }
__attribute__((noinline)) static uint8_t uadd8(uint8_t a, uint8_t b) { return (uint8_t)(a + b); }
__attribute__((noinline)) static uint8_t usub8(uint8_t a, uint8_t b) { return (uint8_t)(a - b); }
__attribute__((noinline)) static uint8_t umul8(uint8_t a, uint8_t b) { return (uint8_t)(a * b); }
__attribute__((noinline)) static uint8_t udiv8(uint8_t a, uint8_t b) { return (uint8_t)(a / b); }
__attribute__((noinline)) static uint8_t urem8(uint8_t a, uint8_t b) { return (uint8_t)(a % b); }
__attribute__((noinline)) static uint8_t shl8(uint8_t a, int s) { return (uint8_t)(a << s); }
__attribute__((noinline)) static uint8_t lshr8(uint8_t a, int s) { return (uint8_t)(a >> s); }
__attribute__((noinline)) static int8_t ashr8(int8_t a, int s) { return (int8_t)(a >> s); }

static volatile int8_t sv[] = {0, 1, -1, 2, -2, 7, -7, 100, -100, 127, -128, 63};
static volatile uint8_t uv[] = {0, 1, 2, 3, 15, 16, 127, 128, 129, 200, 254, 255};
#define N (int)(sizeof(sv) / sizeof(sv[0]))

int main(void) {
    unsigned hash = 0;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            int8_t a = sv[i], b = sv[j];
            int8_t r1 = add8(a, b), r2 = sub8(a, b), r3 = mul8(a, b);
            int8_t r4 = 0, r5 = 0;
            if (b != 0) { r4 = div8(a, b); r5 = rem8(a, b); }
            printf("s %4d %4d: %4d %4d %4d %4d %4d lt=%d le=%d eq=%d\n", a, b, r1, r2, r3, r4, r5,
                   a < b, a <= b, a == b);
            uint8_t x = uv[i], y = uv[j];
            uint8_t u1 = uadd8(x, y), u2 = usub8(x, y), u3 = umul8(x, y);
            uint8_t u4 = 0, u5 = 0;
            if (y != 0) { u4 = udiv8(x, y); u5 = urem8(x, y); }
            hash = hash * 31u + u1;
            hash = hash * 31u + u2;
            hash = hash * 31u + u3;
            hash = hash * 31u + u4;
            hash = hash * 31u + u5;
            printf("u %3u %3u: %3u %3u %3u %3u %3u gt=%d ge=%d ne=%d and=%02x or=%02x xor=%02x not=%02x\n",
                   x, y, u1, u2, u3, u4, u5, x > y, x >= y, x != y, (uint8_t)(x & y),
                   (uint8_t)(x | y), (uint8_t)(x ^ y), (uint8_t)~x);
        }
    }
    for (int s = 0; s < 8; s++) {
        printf("shift %d: %02x %02x %d %d\n", s, shl8(uv[9], s), lshr8(uv[11], s), ashr8(sv[10], s),
               ashr8(sv[7], s));
    }
    /* wraparound of uint8_t counters */
    volatile uint8_t c = 250;
    for (int k = 0; k < 10; k++) c++;
    printf("wrap %u\n", c);
    volatile int8_t d = -128;
    printf("neg %d %d\n", (int8_t)-d, -d);
    printf("hash %08x\n", hash);
    return 0;
}
