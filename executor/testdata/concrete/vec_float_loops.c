// Loops over float and double arrays that clang vectorizes at -O3
// (and with AVX2/FMA at -march=x86-64-v3): saxpy, element-wise math,
// conversions, conditional updates (masked stores), min/max, reversal.
#include <math.h>
#include <stdio.h>

#define N 67

__attribute__((noinline)) static void saxpy(float *restrict y, const float *restrict x, float a, int n) {
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
__attribute__((noinline)) static void daxpy(double *restrict y, const double *restrict x, double a, int n) {
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
__attribute__((noinline)) static void vmath(float *restrict o, const float *restrict x, int n) {
    for (int i = 0; i < n; i++) o[i] = sqrtf(fabsf(x[i])) + floorf(x[i]) - ceilf(x[i] * 0.5f) + truncf(x[i] * 3.0f);
}
__attribute__((noinline)) static void dmath(double *restrict o, const double *restrict x, int n) {
    for (int i = 0; i < n; i++) o[i] = copysign(sqrt(fabs(x[i])), -x[i]) + rint(x[i] * 7.5) + fmin(x[i], 0.25) + fmax(x[i], -0.5);
}
__attribute__((noinline)) static void convert(int *restrict o, double *restrict d, const float *restrict x, const int *restrict k, int n) {
    for (int i = 0; i < n; i++) {
        o[i] = (int)(x[i] * 100.0f);
        d[i] = (double)x[i] + (double)k[i] / 3.0;
    }
}
__attribute__((noinline)) static void clampneg(float *restrict y, const float *restrict x, int n) {
    for (int i = 0; i < n; i++)
        if (x[i] < 0.0f) y[i] = x[i] * x[i];
}
__attribute__((noinline)) static void reverse(double *restrict o, const double *restrict x, int n) {
    for (int i = 0; i < n; i++) o[i] = x[n - 1 - i] / (x[i] + 3.0);
}
__attribute__((noinline)) static void minmax(float *restrict lo, float *restrict hi, const float *restrict a, const float *restrict b, int n) {
    for (int i = 0; i < n; i++) {
        lo[i] = a[i] < b[i] ? a[i] : b[i];
        hi[i] = a[i] > b[i] ? a[i] : b[i];
    }
}
__attribute__((noinline)) static void mix(float *restrict o, const double *restrict d, const short *restrict s, int n) {
    for (int i = 0; i < n; i++) o[i] = (float)d[i] * (float)s[i] - (float)(s[i] >> 3);
}

static unsigned long long mix64(const void *p, int bytes) {
    const unsigned char *b = p;
    unsigned long long h = 1469598103934665603ULL;
    for (int i = 0; i < bytes; i++) h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

int main(void) {
    static float x[N], y[N], o[N], lo[N], hi[N];
    static double dx[N], dy[N], dout[N];
    static int k[N], io[N];
    static short s[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i * 37 % 23) / 7.0f - 1.3f;
        y[i] = (float)i / 9.0f + 0.1f;
        dx[i] = (double)(i * 53 % 31) / 11.0 - 1.1;
        dy[i] = 1.0 / (i + 1);
        k[i] = i * i - 40;
        s[i] = (short)(i * 977 - 30000);
    }
    saxpy(y, x, 1.1f, N);
    printf("saxpy %a %a %a %016llx\n", y[0], y[N / 2], y[N - 1], mix64(y, sizeof y));
    daxpy(dy, dx, -0.7, N);
    printf("daxpy %a %a %016llx\n", dy[1], dy[N - 2], mix64(dy, sizeof dy));
    vmath(o, x, N);
    printf("vmath %a %a %016llx\n", o[3], o[N - 3], mix64(o, sizeof o));
    dmath(dout, dx, N);
    printf("dmath %a %a %016llx\n", dout[5], dout[N - 5], mix64(dout, sizeof dout));
    convert(io, dout, x, k, N);
    printf("convert %d %d %a %016llx %016llx\n", io[7], io[N - 1], dout[9], mix64(io, sizeof io), mix64(dout, sizeof dout));
    clampneg(y, x, N);
    printf("clampneg %a %016llx\n", y[2], mix64(y, sizeof y));
    reverse(dout, dx, N);
    printf("reverse %a %016llx\n", dout[0], mix64(dout, sizeof dout));
    minmax(lo, hi, x, y, N);
    printf("minmax %016llx %016llx\n", mix64(lo, sizeof lo), mix64(hi, sizeof hi));
    mix(o, dx, s, N);
    printf("mix %a %016llx\n", o[11], mix64(o, sizeof o));
    return 0;
}
