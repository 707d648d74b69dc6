// Checked arithmetic builtins: __builtin_add/sub/mul_overflow on signed and unsigned
// 8/16/32/64/128-bit types, mixed-type results, and the generic forms.
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#define CHK(T, FMT, op, a, b)                                                      \
    do {                                                                           \
        T r_;                                                                      \
        int o_ = __builtin_##op##_overflow(a, b, &r_);                             \
        printf(#T " " #op " " FMT " " FMT " -> " FMT " ovf=%d\n", a, b, r_, o_);   \
    } while (0)

__attribute__((noinline)) static void t8(int8_t a, int8_t b) {
    CHK(int8_t, "%d", add, a, b); CHK(int8_t, "%d", sub, a, b); CHK(int8_t, "%d", mul, a, b);
}
__attribute__((noinline)) static void tu8(uint8_t a, uint8_t b) {
    CHK(uint8_t, "%u", add, a, b); CHK(uint8_t, "%u", sub, a, b); CHK(uint8_t, "%u", mul, a, b);
}
__attribute__((noinline)) static void t16(int16_t a, int16_t b) {
    CHK(int16_t, "%d", add, a, b); CHK(int16_t, "%d", sub, a, b); CHK(int16_t, "%d", mul, a, b);
}
__attribute__((noinline)) static void t32(int32_t a, int32_t b) {
    CHK(int32_t, "%d", add, a, b); CHK(int32_t, "%d", sub, a, b); CHK(int32_t, "%d", mul, a, b);
}
__attribute__((noinline)) static void tu32(uint32_t a, uint32_t b) {
    CHK(uint32_t, "%u", add, a, b); CHK(uint32_t, "%u", sub, a, b); CHK(uint32_t, "%u", mul, a, b);
}
__attribute__((noinline)) static void t64(long long a, long long b) {
    CHK(long long, "%lld", add, a, b); CHK(long long, "%lld", sub, a, b); CHK(long long, "%lld", mul, a, b);
}
__attribute__((noinline)) static void tu64(unsigned long long a, unsigned long long b) {
    CHK(unsigned long long, "%llu", add, a, b); CHK(unsigned long long, "%llu", sub, a, b);
    CHK(unsigned long long, "%llu", mul, a, b);
}
__attribute__((noinline)) static void t128(__int128 a, __int128 b) {
    __int128 r;
    int o1 = __builtin_mul_overflow(a, b, &r);
    unsigned long long h1 = (unsigned long long)((unsigned __int128)r >> 64), l1 = (unsigned long long)r;
    int o2 = __builtin_add_overflow(a, b, &r);
    printf("i128 mul ovf=%d %016llx%016llx add ovf=%d %016llx%016llx\n", o1, h1, l1, o2,
           (unsigned long long)((unsigned __int128)r >> 64), (unsigned long long)r);
}
__attribute__((noinline)) static void mixed(long long a, unsigned b) {
    int ri; unsigned ru; short rs;
    int o1 = __builtin_add_overflow(a, b, &ri);
    int o2 = __builtin_sub_overflow(a, b, &ru);
    int o3 = __builtin_mul_overflow(a, b, &rs);
    printf("mixed %lld %u: int %d/%d uns %u/%d short %d/%d\n", a, b, ri, o1, ru, o2, rs, o3);
}

int main(void) {
    volatile int8_t s8[] = {0, 1, -1, 100, -100, 127, -128, 12};
    for (int i = 0; i < 8; i += 1) t8(s8[i], s8[(i * 3 + 1) % 8]);
    volatile uint8_t u8[] = {0, 1, 200, 255, 16, 17};
    for (int i = 0; i < 6; i++) tu8(u8[i], u8[5 - i]);
    t16(32767, 1); t16(-32768, -1); t16(181, 181); t16(182, 181); t16(-300, 200);
    volatile int32_t s32[] = {INT_MAX, INT_MIN, -1, 2, 46341, 65536, -65536, 0};
    for (int i = 0; i < 8; i++) t32(s32[i], s32[(i + 3) % 8]);
    tu32(0xffffffffu, 1); tu32(0, 1); tu32(65536, 65536); tu32(65535, 65537); tu32(3000000000u, 1294967295u);
    t64(LLONG_MAX, 1); t64(LLONG_MIN, -1); t64(LLONG_MIN, 1); t64(3037000499LL, 3037000499LL);
    t64(3037000500LL, 3037000500LL); t64(-4611686018427387904LL, 2);
    tu64(~0ULL, 1); tu64(0, ~0ULL); tu64(1ULL << 32, 1ULL << 32); tu64(4294967295ULL, 4294967297ULL);
    volatile __int128 big = (__int128)1 << 100;
    t128(big, 2); t128(big, 1 << 27); t128(big, -(1 << 27)); t128(-big, big);
    mixed(2147483647LL, 1); mixed(-5, 3); mixed(100, 327); mixed(100, 328); mixed(-100, 328);
    return 0;
}
