// 16-bit signed/unsigned integer arithmetic, wraparound, shifts, sign/zero
// extension between widths.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int16_t add16(int16_t a, int16_t b) { return (int16_t)(a + b); }
__attribute__((noinline)) static int16_t mul16(int16_t a, int16_t b) { return (int16_t)(a * b); }
__attribute__((noinline)) static int16_t div16(int16_t a, int16_t b) { return (int16_t)(a / b); }
__attribute__((noinline)) static int16_t rem16(int16_t a, int16_t b) { return (int16_t)(a % b); }
__attribute__((noinline)) static uint16_t usub16(uint16_t a, uint16_t b) { return (uint16_t)(a - b); }
__attribute__((noinline)) static uint16_t umul16(uint16_t a, uint16_t b) { return (uint16_t)(a * (uint32_t)b); }
__attribute__((noinline)) static uint16_t udiv16(uint16_t a, uint16_t b) { return (uint16_t)(a / b); }
__attribute__((noinline)) static uint16_t urem16(uint16_t a, uint16_t b) { return (uint16_t)(a % b); }
__attribute__((noinline)) static int32_t sext(int16_t a) { return a; }
__attribute__((noinline)) static uint32_t zext(uint16_t a) { return a; }
__attribute__((noinline)) static int16_t trunc16(int64_t a) { return (int16_t)a; }

static volatile int16_t sv[] = {0, 1, -1, 3, -3, 255, -256, 1000, -1000, 32767, -32768, 12345};
static volatile uint16_t uv[] = {0, 1, 7, 255, 256, 1000, 32767, 32768, 40000, 65534, 65535, 4660};
#define N (int)(sizeof(sv) / sizeof(sv[0]))

int main(void) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            int16_t a = sv[i], b = sv[j];
            int16_t q = 0, r = 0;
            if (b != 0) { q = div16(a, b); r = rem16(a, b); }
            uint16_t x = uv[i], y = uv[j];
            uint16_t uq = 0, ur = 0;
            if (y != 0) { uq = udiv16(x, y); ur = urem16(x, y); }
            printf("%6d %6d | %6d %6d %6d %6d | %5u %5u | %5u %5u %5u %5u | %d%d%d%d\n", a, b,
                   add16(a, b), mul16(a, b), q, r, x, y, usub16(x, y), umul16(x, y), uq, ur,
                   a < b, x < y, (int16_t)x < (int16_t)y, a > b);
        }
    }
    for (int i = 0; i < N; i++) {
        printf("ext %d %u %08x %08x\n", sext(sv[i]), zext(uv[i]), (unsigned)sext((int16_t)uv[i]),
               zext((uint16_t)sv[i]));
        printf("sh %04x %04x %d %04x\n", (uint16_t)(uv[i] << (i % 16)), (uint16_t)(uv[i] >> (i % 16)),
               sv[i] >> (i % 16), (uint16_t)((uv[i] << 4) | (uv[i] >> 12)));
    }
    volatile int64_t big = 0x123456789abcdefLL;
    printf("trunc %d %d\n", trunc16(big), trunc16(-big));
    volatile uint16_t w = 65530;
    for (int k = 0; k < 9; k++) w += 1;
    printf("wrap %u\n", w);
    return 0;
}
