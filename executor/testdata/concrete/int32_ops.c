// 32-bit integer arithmetic: signed ops without overflow, unsigned wraparound,
// division/remainder sign rules, limits.
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int32_t sdiv(int32_t a, int32_t b) { return a / b; }
__attribute__((noinline)) static int32_t srem(int32_t a, int32_t b) { return a % b; }
__attribute__((noinline)) static uint32_t udiv(uint32_t a, uint32_t b) { return a / b; }
__attribute__((noinline)) static uint32_t urem(uint32_t a, uint32_t b) { return a % b; }
__attribute__((noinline)) static uint32_t uadd(uint32_t a, uint32_t b) { return a + b; }
__attribute__((noinline)) static uint32_t usub(uint32_t a, uint32_t b) { return a - b; }
__attribute__((noinline)) static uint32_t umul(uint32_t a, uint32_t b) { return a * b; }
__attribute__((noinline)) static int32_t smul_safe(int32_t a, int32_t b) {
    int64_t p = (int64_t)a * b;
    if (p > INT32_MAX || p < INT32_MIN) return 0;
    return a * b;
}

static volatile int32_t sv[] = {0, 1, -1, 2, -2, 7, -7, 1000003, -1000003, INT32_MAX, INT32_MIN, 65536};
static volatile uint32_t uv[] = {0, 1, 2, 10, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu,
                                 0xffffffffu, 123456789u, 0xdeadbeefu, 65535u};
#define N (int)(sizeof(sv) / sizeof(sv[0]))

int main(void) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            int32_t a = sv[i], b = sv[j];
            int32_t q = 0, r = 0;
            if (b != 0 && !(a == INT32_MIN && b == -1)) { q = sdiv(a, b); r = srem(a, b); }
            uint32_t x = uv[i], y = uv[j];
            uint32_t uq = 0, ur = 0;
            if (y != 0) { uq = udiv(x, y); ur = urem(x, y); }
            printf("%11d %11d q=%11d r=%11d m=%11d | %10u %10u + %10u - %10u * %10u / %10u %% %10u | %d %d %d %d %d %d\n",
                   a, b, q, r, smul_safe(a, b), x, y, uadd(x, y), usub(x, y), umul(x, y), uq, ur,
                   a < b, a <= b, a == b, x > y, x >= y, (int32_t)x < (int32_t)y);
        }
    }
    volatile int32_t m = INT32_MIN;
    printf("limits %d %d %u %d\n", INT32_MAX, m, (uint32_t)m, -(m + 1));
    volatile uint32_t u = 0;
    u--;
    printf("wrap %u %u\n", u, u + 2u);
    /* division identity check: (a/b)*b + a%b == a */
    int ok = 1;
    for (int32_t a = -50; a <= 50; a++)
        for (int32_t b = -7; b <= 7; b++)
            if (b != 0 && sdiv(a, b) * b + srem(a, b) != a) ok = 0;
    printf("identity %d\n", ok);
    return 0;
}
