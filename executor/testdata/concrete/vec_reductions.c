// Reductions the vectorizer turns into llvm.vector.reduce.*: float and
// double sums and products allowed to reassociate (#pragma clang fp
// reassociate), strict (ordered) ones, integer add/mul/and/or/xor and
// min/max reductions, and a float min/max search.
#include <stdio.h>

#define N 203

__attribute__((noinline)) static float fsum_fast(const float *x, int n) {
#pragma clang fp reassociate(on)
    float s = 0.0f;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}
__attribute__((noinline)) static double dsum_fast(const double *x, int n) {
#pragma clang fp reassociate(on)
    double s = 1.0;
    for (int i = 0; i < n; i++) s += x[i] * x[i];
    return s;
}
__attribute__((noinline)) static float fprod_fast(const float *x, int n) {
#pragma clang fp reassociate(on)
    float p = 1.0f;
    for (int i = 0; i < n; i++) p *= x[i];
    return p;
}
__attribute__((noinline)) static double ddot_fast(const double *x, const double *y, int n) {
#pragma clang fp reassociate(on)
    double s = 0.0;
    for (int i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}
__attribute__((noinline)) static float fsum_strict(const float *x, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}
__attribute__((noinline)) static float fmax_search(const float *x, int n) {
    float m = x[0];
    for (int i = 1; i < n; i++) m = x[i] > m ? x[i] : m;
    return m;
}
__attribute__((noinline)) static float fmin_search(const float *x, int n) {
    float m = x[0];
    for (int i = 1; i < n; i++) m = x[i] < m ? x[i] : m;
    return m;
}
__attribute__((noinline)) static void ireduce(const int *a, int n, int *out) {
    int add = 0, mx = a[0], mn = a[0];
    unsigned andv = ~0u, orv = 0, xorv = 0, umx = 0;
    long long mul = 1;
    for (int i = 0; i < n; i++) {
        add += a[i];
        andv &= (unsigned)a[i] | 0x10u;
        orv |= (unsigned)a[i];
        xorv ^= (unsigned)a[i] * 2654435761u;
        mx = a[i] > mx ? a[i] : mx;
        mn = a[i] < mn ? a[i] : mn;
        umx = (unsigned)a[i] > umx ? (unsigned)a[i] : umx;
        mul *= (a[i] & 3) + 1;
    }
    out[0] = add; out[1] = (int)andv; out[2] = (int)orv; out[3] = (int)xorv;
    out[4] = mx; out[5] = mn; out[6] = (int)umx; out[7] = (int)(mul ^ (mul >> 32));
}
__attribute__((noinline)) static long long count_pos(const double *x, int n) {
    long long c = 0;
    for (int i = 0; i < n; i++) c += x[i] > 0.0;
    return c;
}

int main(void) {
    static float f[N];
    static double d[N], e[N];
    static int a[N];
    for (int i = 0; i < N; i++) {
        f[i] = (float)((i * 7919) % 1000) / 333.0f - 1.4f;
        d[i] = (double)((i * 104729) % 977) / 123.0 - 3.9;
        e[i] = 1.0 / (double)(i + 3);
        a[i] = (i * 2654435761u) >> 7;
    }
    printf("fsum_fast %a\n", fsum_fast(f, N));
    printf("dsum_fast %a\n", dsum_fast(d, N));
    printf("fprod_fast %a\n", fprod_fast(f + 100, 40));
    printf("ddot_fast %a\n", ddot_fast(d, e, N));
    printf("fsum_strict %a\n", fsum_strict(f, N));
    printf("fmax %a fmin %a\n", fmax_search(f, N), fmin_search(f, N));
    int out[8];
    ireduce(a, N, out);
    for (int i = 0; i < 8; i++) printf("i%d %d\n", i, out[i]);
    printf("pos %lld\n", count_pos(d, N));
    for (int n = 1; n < 40; n += 7) printf("n=%d %a %a\n", n, fsum_fast(f, n), ddot_fast(d, e, n));
    return 0;
}
