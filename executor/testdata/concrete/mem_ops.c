// memcpy/memmove/memset, including overlapping memmove in both directions, zero-length
// operations, unaligned offsets, memset with non-zero byte and on struct/array storage.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void dump(const char *tag, const unsigned char *p, size_t n) {
    printf("%s:", tag);
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
    printf("\n");
}

__attribute__((noinline)) static void do_move(unsigned char *buf, size_t dst, size_t src, size_t n) {
    memmove(buf + dst, buf + src, n);
}
__attribute__((noinline)) static void do_copy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
__attribute__((noinline)) static void do_set(void *d, int c, size_t n) { memset(d, c, n); }

int main(void) {
    unsigned char buf[64];
    for (int i = 0; i < 64; i++) buf[i] = (unsigned char)(i * 7 + 1);
    dump("init", buf, 32);
    do_move(buf, 4, 0, 20);   /* forward overlap */
    dump("fwd ", buf, 32);
    do_move(buf, 1, 9, 17);   /* backward overlap */
    dump("bwd ", buf, 32);
    do_move(buf, 3, 3, 10);   /* self */
    do_move(buf, 0, 5, 0);    /* zero length */
    dump("self", buf, 32);
    do_set(buf + 3, 0xab, 13);
    do_set(buf, 0x1ff, 2);     /* only low byte used */
    dump("set ", buf, 32);
    unsigned char dst[40] = {0};
    do_copy(dst + 1, buf + 7, 33); /* unaligned */
    dump("cpy ", dst, 40);
    /* copy typed data through bytes */
    double d = -1.0 / 3.0;
    uint64_t bits;
    do_copy(&bits, &d, sizeof d);
    printf("bits %016llx\n", (unsigned long long)bits);
    long double ld = 1.0L / 3.0L;
    unsigned char lb[16] = {0};
    do_copy(lb, &ld, 10);
    dump("ld  ", lb, 10);
    struct S { int a; double b; char c[5]; } s1 = {1, 2.5, "abcd"}, s2;
    do_set(&s2, 0, sizeof s2);
    do_copy(&s2, &s1, sizeof s1);
    printf("struct %d %a %s %d\n", s2.a, s2.b, s2.c, memcmp(&s1, &s2, sizeof s1) == 0);
    /* large moves */
    static int arr[1000];
    for (int i = 0; i < 1000; i++) arr[i] = i;
    memmove(arr + 10, arr, 900 * sizeof(int));
    memmove(arr, arr + 500, 400 * sizeof(int));
    long sum = 0;
    for (int i = 0; i < 1000; i++) sum = sum * 31 + arr[i], sum %= 1000000007;
    printf("arr %d %d %d %ld\n", arr[0], arr[450], arr[999], sum);
    /* string memmove within itself */
    char str[32] = "hello overlapping world";
    memmove(str + 6, str, strlen(str) + 1 - 6 > 20 ? 20 : strlen(str) + 1 - 6);
    str[31] = 0;
    printf("str %s\n", str);
    return 0;
}
