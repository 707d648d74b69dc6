// Structs passed and returned by value: small (register-passed) int/float mixes,
// medium, and large (memory-passed, sret) structs; nested struct copies and assignment.
#include <stdint.h>
#include <stdio.h>

struct S1 { char c; };
struct S2 { int a; float b; };
struct S3 { double x, y; };
struct S4 { float f[3]; };
struct S5 { int8_t a; int64_t b; int16_t c; };
struct Big { int v[20]; double d; long double ld; char name[16]; };
struct Mixed { float a; double b; };

__attribute__((noinline)) static struct S1 f1(struct S1 s) { s.c++; return s; }
__attribute__((noinline)) static struct S2 f2(struct S2 s, int k) { s.a *= k; s.b *= (float)k; return s; }
__attribute__((noinline)) static struct S3 f3(struct S3 p, struct S3 q) {
    struct S3 r = {p.x + q.x, p.y * q.y};
    return r;
}
__attribute__((noinline)) static struct S4 f4(struct S4 s) { struct S4 r = {{s.f[2], s.f[0], s.f[1] / 3.0f}}; return r; }
__attribute__((noinline)) static struct S5 f5(struct S5 s) { s.a = (int8_t)(s.a - 1); s.b *= 16; s.c ^= 0x5555; return s; }
__attribute__((noinline)) static struct Big fbig(struct Big b, int k) {
    for (int i = 0; i < 20; i++) b.v[i] = b.v[i] * k + i;
    b.d /= k;
    b.ld *= k;
    b.name[0] = (char)('A' + k);
    return b;
}
__attribute__((noinline)) static double fmixed(struct Mixed m, struct S2 s, struct S3 t, struct Big b) {
    return m.a + m.b + s.a + s.b + t.x + t.y + b.d + b.v[19];
}

int main(void) {
    struct S1 a = {'x'};
    a = f1(a);
    printf("S1 %c\n", a.c);
    struct S2 b = {7, 1.5f};
    b = f2(b, -3);
    printf("S2 %d %a\n", b.a, b.b);
    struct S3 p = {0.1, 3.0}, q = {0.2, 1.0 / 3.0};
    struct S3 r = f3(p, q);
    printf("S3 %a %a\n", r.x, r.y);
    struct S4 s4 = {{1.0f, 2.0f, 3.0f}};
    s4 = f4(f4(s4));
    printf("S4 %a %a %a\n", s4.f[0], s4.f[1], s4.f[2]);
    struct S5 s5 = {-128, -0x123456789LL, 0x1234};
    s5 = f5(s5);
    printf("S5 %d %lld %d size %zu\n", s5.a, (long long)s5.b, s5.c, sizeof s5);
    struct Big big = {{0}, 10.0, 0.1L, "bigstruct"};
    for (int i = 0; i < 20; i++) big.v[i] = i * i - 50;
    struct Big big2 = fbig(big, 3);
    struct Big big3 = big2;
    big3.v[0] = 999;
    printf("Big %d %d %d %a %La %s | orig %d %s | copy %d\n", big2.v[0], big2.v[10], big2.v[19],
           big2.d, big2.ld, big2.name, big.v[0], big.name, big3.v[0]);
    struct Mixed m = {0.5f, 0.25};
    printf("mixed %a\n", fmixed(m, b, r, big2));
    /* struct assignment through pointers and arrays of structs */
    struct S3 arr[4];
    for (int i = 0; i < 4; i++) { arr[i].x = i; arr[i].y = -i; }
    struct S3 *pp = &arr[1];
    arr[3] = *pp;
    *pp = f3(arr[2], arr[3]);
    for (int i = 0; i < 4; i++) printf("arr %a %a\n", arr[i].x, arr[i].y);
    return 0;
}
