// printf integer conversions: %d %i %u %x %X %o %c %% with length modifiers hh h l ll z j t,
// widths, precisions (incl. .0 with zero value), flags - + space # 0, and limits of each type.
#include <limits.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
    volatile int iv[] = {0, 1, -1, 42, -42, 255, 65535, INT_MAX, INT_MIN, 1000000};
    for (int i = 0; i < 10; i++) {
        int v = iv[i];
        printf("[%d] [%i] [%5d] [%-5d|] [%+d] [% d] [%05d] [%.3d] [%8.4d] [%-+8d|] [%.0d]\n", v, v, v, v, v, v, v, v, v, v, v);
        printf("  [%u] [%x] [%X] [%o] [%#x] [%#X] [%#o] [%#.0o] [%08x] [%-10x|] [%.8X]\n", (unsigned)v, (unsigned)v,
               (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v,
               (unsigned)v);
        printf("  [%hhd] [%hhu] [%hhx] [%hd] [%hu] [%hx]\n", (signed char)v, (unsigned char)v, (unsigned char)v,
               (short)v, (unsigned short)v, (unsigned short)v);
    }
    volatile long lv = LONG_MIN, lm = LONG_MAX;
    volatile unsigned long ulv = ULONG_MAX;
    printf("[%ld] [%ld] [%lu] [%lx] [%lo] [%#lX]\n", lv, lm, ulv, ulv, ulv, (unsigned long)lm);
    volatile long long llv = LLONG_MIN;
    volatile unsigned long long ull = 0x0123456789abcdefULL;
    printf("[%lld] [%llu] [%llx] [%020lld] [%-22lld|] [%+lld]\n", llv, ull, ull, llv + 1, llv, (long long)ull);
    volatile size_t sz = sizeof(long double) * 1000;
    volatile ptrdiff_t pd = -12345;
    volatile intmax_t im = INTMAX_MIN;
    volatile uintmax_t um = UINTMAX_MAX;
    printf("[%zu] [%zx] [%td] [%jd] [%ju] [%zd]\n", sz, sz, pd, im, um, (ptrdiff_t)sz);
    printf("[%" PRId8 "] [%" PRIu64 "] [%" PRIx32 "]\n", (int8_t)-128, (uint64_t)UINT64_MAX, (uint32_t)0xdeadbeef);
    /* characters */
    for (int c = 32; c < 127; c += 9) printf("[%c][%3c][%-3c|]", c, c, c);
    printf("\n[%%] [%%%%] [%c]\n", 'A' + 25);
    /* return value of printf is the byte count */
    int n = printf("count me %d\n", 12345);
    printf("printed %d\n", n);
    return 0;
}
