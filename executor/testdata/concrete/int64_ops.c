// 64-bit integer arithmetic: signed/unsigned add/sub/mul/div/rem, wraparound,
// limits, mixing with 32-bit values.
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int64_t sdiv(int64_t a, int64_t b) { return a / b; }
__attribute__((noinline)) static int64_t srem(int64_t a, int64_t b) { return a % b; }
__attribute__((noinline)) static uint64_t udiv(uint64_t a, uint64_t b) { return a / b; }
__attribute__((noinline)) static uint64_t urem(uint64_t a, uint64_t b) { return a % b; }
__attribute__((noinline)) static uint64_t umul(uint64_t a, uint64_t b) { return a * b; }
__attribute__((noinline)) static uint64_t uadd(uint64_t a, uint64_t b) { return a + b; }
__attribute__((noinline)) static uint64_t usub(uint64_t a, uint64_t b) { return a - b; }
__attribute__((noinline)) static int64_t mix(int32_t a, uint32_t b) { return (int64_t)a * (int64_t)b; }

static volatile int64_t sv[] = {0, 1, -1, 3, -3, 1LL << 32, -(1LL << 32), 999999999989LL,
                                -999999999989LL, INT64_MAX, INT64_MIN, 0x123456789LL};
static volatile uint64_t uv[] = {0, 1, 3, 0xffffffffULL, 0x100000000ULL, 0x7fffffffffffffffULL,
                                 0x8000000000000000ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL,
                                 0xdeadbeefcafebabeULL, 10000000000000000000ULL, 12345ULL};
#define N (int)(sizeof(sv) / sizeof(sv[0]))

int main(void) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            int64_t a = sv[i], b = sv[j];
            int64_t q = 0, r = 0;
            if (b != 0 && !(a == INT64_MIN && b == -1)) { q = sdiv(a, b); r = srem(a, b); }
            uint64_t x = uv[i], y = uv[j];
            uint64_t uq = 0, ur = 0;
            if (y != 0) { uq = udiv(x, y); ur = urem(x, y); }
            printf("%" PRId64 " %" PRId64 " q=%" PRId64 " r=%" PRId64 " | %" PRIx64 " %" PRIx64
                   " +%" PRIx64 " -%" PRIx64 " *%" PRIx64 " /%" PRIu64 " %%%" PRIu64 " | %d%d%d%d\n",
                   a, b, q, r, x, y, uadd(x, y), usub(x, y), umul(x, y), uq, ur, a < b, a >= b,
                   x < y, (int64_t)x > (int64_t)y);
        }
    }
    printf("mix %" PRId64 " %" PRId64 "\n", mix(-2147483647 - 1, 4294967295u), mix(123456, 654321));
    volatile uint64_t w = UINT64_MAX - 2;
    for (int k = 0; k < 5; k++) w++;
    printf("wrap %" PRIu64 "\n", w);
    volatile int64_t n = INT64_MIN;
    printf("limits %lld %lld %llu\n", (long long)INT64_MAX, (long long)n, (unsigned long long)n);
    return 0;
}
