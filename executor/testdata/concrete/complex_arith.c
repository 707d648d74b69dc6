// float and double _Complex arithmetic passed and returned by value (the
// x86_64 ABI passes float _Complex as <2 x float>), with cabsf/cabs,
// cexpf/cexp, conj, and a struct of two floats.
#include <complex.h>
#include <stdio.h>

struct V2 { float x, y; };

__attribute__((noinline)) static struct V2 vadd(struct V2 a, struct V2 b) { struct V2 r = {a.x + b.x, a.y - b.y}; return r; }
__attribute__((noinline)) static struct V2 vscale(struct V2 a, float k) { struct V2 r = {a.x * k, a.y / k}; return r; }
__attribute__((noinline)) static float complex fmulc(float complex a, float complex b) { return a * b; }
__attribute__((noinline)) static float complex fdivc(float complex a, float complex b) { return a / b; }
__attribute__((noinline)) static double complex dmulc(double complex a, double complex b) { return a * conj(b); }
__attribute__((noinline)) static double complex ddivc(double complex a, double complex b) { return a / b; }
__attribute__((noinline)) static float complex fpoly(float complex z) { return (z * z + 1.0f) * z - 2.0f * I; }

int main(void) {
    volatile float src[4] = {1.25f, -0.75f, 3.5f, 0.1f};
    struct V2 a = {src[0], src[1]}, b = {src[2], src[3]};
    struct V2 c = vadd(a, b), d = vscale(c, 3.0f);
    printf("v2 %a %a %a %a\n", c.x, c.y, d.x, d.y);
    float complex z = src[0] + src[1] * I, w = src[2] + src[3] * I;
    float complex m = fmulc(z, w), q = fdivc(z, w), p = fpoly(z);
    printf("fc %a %a %a %a %a %a\n", crealf(m), cimagf(m), crealf(q), cimagf(q), crealf(p), cimagf(p));
    printf("cabsf %a %a\n", cabsf(z), cabsf(w));
    float complex ez = cexpf(z);
    printf("cexpf %a %a\n", crealf(ez), cimagf(ez));
    float complex cz = conjf(w);
    printf("conjf %a %a\n", crealf(cz), cimagf(cz));
    volatile double dsrc[4] = {0.3, -1.7, 2.0 / 3.0, 5.5};
    double complex u = dsrc[0] + dsrc[1] * I, v = dsrc[2] + dsrc[3] * I;
    double complex dm = dmulc(u, v), dq = ddivc(u, v);
    printf("dc %a %a %a %a\n", creal(dm), cimag(dm), creal(dq), cimag(dq));
    printf("cabs %a %a\n", cabs(u), cabs(v));
    double complex eu = cexp(u);
    printf("cexp %a %a\n", creal(eu), cimag(eu));
    double complex cu = conj(u);
    printf("conj %a %a\n", creal(cu), cimag(cu));
    float complex acc = 1.0f;
    for (int i = 0; i < 12; i++) acc = fmulc(acc, w) / 2.0f;
    printf("acc %a %a\n", crealf(acc), cimagf(acc));
    return 0;
}
