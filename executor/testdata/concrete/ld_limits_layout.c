// long double limits and memory layout: LDBL_* constants, sizeof/alignof 16, arrays with
// 16-byte slots, long double in structs (offsets, padding), copying via memcpy, padding bytes
// not printed, pointer arithmetic over long double arrays.
#include <float.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct WithLD { char c; long double x; int i; long double y[2]; };
struct Pair { long double re, im; };

__attribute__((noinline)) static struct Pair cmul(struct Pair a, struct Pair b) {
    struct Pair r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
    return r;
}
__attribute__((noinline)) static long double sum(const long double *p, int n) {
    long double s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

int main(void) {
    printf("sizeof %zu alignof %zu\n", sizeof(long double), alignof(long double));
    printf("MANT %d DIG %d MIN_EXP %d MAX_EXP %d MIN_10 %d MAX_10 %d\n", LDBL_MANT_DIG, LDBL_DIG, LDBL_MIN_EXP,
           LDBL_MAX_EXP, LDBL_MIN_10_EXP, LDBL_MAX_10_EXP);
    printf("MAX %La MIN %La TRUE_MIN %La EPS %La\n", LDBL_MAX, LDBL_MIN, LDBL_TRUE_MIN, LDBL_EPSILON);
    printf("struct size %zu off c %zu x %zu i %zu y %zu\n", sizeof(struct WithLD), offsetof(struct WithLD, c),
           offsetof(struct WithLD, x), offsetof(struct WithLD, i), offsetof(struct WithLD, y));
    long double arr[5];
    for (int i = 0; i < 5; i++) arr[i] = (long double)i / 3.0L;
    printf("array size %zu stride %td sum %La\n", sizeof arr, (char *)&arr[1] - (char *)&arr[0], sum(arr, 5));
    long double *p = arr + 4;
    printf("ptr %La %La %td\n", *p, p[-2], p - arr);
    /* only the 10 significant bytes are compared */
    unsigned char bytes[10];
    memcpy(bytes, &arr[1], 10);
    for (int i = 0; i < 10; i++) printf("%02x", bytes[i]);
    printf("\n");
    struct WithLD w;
    memset(&w, 0, sizeof w);
    w.c = 'q'; w.x = LDBL_MAX; w.i = -3; w.y[0] = LDBL_MIN; w.y[1] = -LDBL_TRUE_MIN;
    struct WithLD w2;
    memcpy(&w2, &w, sizeof w);
    printf("copy %c %La %d %La %La\n", w2.c, w2.x, w2.i, w2.y[0], w2.y[1]);
    struct Pair a = {1.0L, 2.0L}, b = {0.1L, -0.3L};
    struct Pair r = cmul(a, b);
    printf("cmul %La %La\n", r.re, r.im);
    struct Pair z = {1.0L, 0.0L}, rot = {0.6L, 0.8L};
    for (int i = 0; i < 10; i++) z = cmul(z, rot);
    printf("rot %La %La\n", z.re, z.im);
    /* array of structs containing long double */
    struct Pair ps[3] = {{1, 2}, {3, 4}, {5, 6}};
    printf("ps stride %td %La\n", (char *)&ps[2] - (char *)&ps[1], ps[2].im - ps[0].re);
    return 0;
}
