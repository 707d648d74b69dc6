// Compensated (Kahan and Neumaier) summation vs naive summation in float and double,
// Horner polynomial evaluation vs naive power evaluation, pairwise summation, dot products.
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static double kahan(const double *v, int n) {
    double s = 0, c = 0;
    for (int i = 0; i < n; i++) {
        double y = v[i] - c;
        double t = s + y;
        c = (t - s) - y;
        s = t;
    }
    return s;
}
__attribute__((noinline)) static double neumaier(const double *v, int n) {
    double s = 0, c = 0;
    for (int i = 0; i < n; i++) {
        double t = s + v[i];
        if (fabs(s) >= fabs(v[i])) c += (s - t) + v[i];
        else c += (v[i] - t) + s;
        s = t;
    }
    return s + c;
}
__attribute__((noinline)) static double naive(const double *v, int n) { double s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
__attribute__((noinline)) static double pairwise(const double *v, int n) {
    if (n <= 4) return naive(v, n);
    return pairwise(v, n / 2) + pairwise(v + n / 2, n - n / 2);
}
__attribute__((noinline)) static float kahanf(const float *v, int n) {
    float s = 0, c = 0;
    for (int i = 0; i < n; i++) { float y = v[i] - c; float t = s + y; c = (t - s) - y; s = t; }
    return s;
}
__attribute__((noinline)) static double horner(const double *c, int deg, double x) {
    double r = c[deg];
    for (int i = deg - 1; i >= 0; i--) r = r * x + c[i];
    return r;
}
__attribute__((noinline)) static double powsum(const double *c, int deg, double x) {
    double r = 0, p = 1;
    for (int i = 0; i <= deg; i++) { r += c[i] * p; p *= x; }
    return r;
}

int main(void) {
    static double v[2000];
    static float vf[2000];
    for (int i = 0; i < 2000; i++) {
        v[i] = (i % 2 ? -1.0 : 1.0) / (i + 1) + 1e-3;
        vf[i] = (float)v[i];
    }
    printf("naive %a kahan %a neumaier %a pairwise %a\n", naive(v, 2000), kahan(v, 2000), neumaier(v, 2000), pairwise(v, 2000));
    float nf = 0;
    for (int i = 0; i < 2000; i++) nf += vf[i];
    printf("float naive %a kahan %a\n", nf, kahanf(vf, 2000));
    double tricky[] = {1.0, 1e100, 1.0, -1e100};
    printf("tricky naive %a kahan %a neumaier %a\n", naive(tricky, 4), kahan(tricky, 4), neumaier(tricky, 4));
    /* (x-1)^7 expanded: ill-conditioned near 1 */
    double c[] = {-1, 7, -21, 35, -35, 21, -7, 1};
    for (int k = -5; k <= 5; k++) {
        double x = 1.0 + k * 1e-3;
        printf("poly x=%a horner %a pow %a exact %a\n", x, horner(c, 7, x), powsum(c, 7, x), pow(x - 1.0, 7));
    }
    /* Taylor series of exp via Horner */
    double ec[16];
    double f = 1;
    for (int i = 0; i < 16; i++) { ec[i] = 1.0 / f; f *= (i + 1); }
    volatile double xs[] = {0.5, -0.5, 1.0, 2.0};
    for (int i = 0; i < 4; i++) printf("exp taylor %a %a\n", horner(ec, 15, xs[i]), powsum(ec, 15, xs[i]));
    /* dot product */
    double dot = 0;
    for (int i = 0; i < 2000; i++) dot += v[i] * v[1999 - i];
    printf("dot %a\n", dot);
    return 0;
}
