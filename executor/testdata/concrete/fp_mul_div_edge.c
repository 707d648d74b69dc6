// Floating multiply/divide edge cases: x/0 = +-inf, 0*inf and 0/0 (NaN via isnan), gradual
// underflow to subnormals and zero, overflow, exact and inexact quotients, reciprocal
// round trips, float vs double results.
#include <float.h>
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static double muld(double a, double b) { return a * b; }
__attribute__((noinline)) static double divd(double a, double b) { return a / b; }
__attribute__((noinline)) static float mulf(float a, float b) { return a * b; }
__attribute__((noinline)) static float divf(float a, float b) { return a / b; }

static volatile double dv[] = {0.0, -0.0, 1.0, -3.0, 0.1, 7.0, DBL_MIN, 4.9e-324, DBL_MAX,
                               INFINITY, -INFINITY, 1e-200, 1.5e300, 0x1.fffffffffffffp-1};
static volatile float fv[] = {0.0f, -0.0f, 1.0f, -3.0f, 0.1f, 7.0f, FLT_MIN, 1e-45f, FLT_MAX,
                              INFINITY, 1e-30f, 3e30f};

static void pd(double v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }
static void pf(float v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }

int main(void) {
    int nd = (int)(sizeof dv / sizeof dv[0]);
    for (int i = 0; i < nd; i++)
        for (int j = 0; j < nd; j++) {
            printf("d %a %a:", dv[i], dv[j]);
            pd(muld(dv[i], dv[j]));
            pd(divd(dv[i], dv[j]));
            printf("\n");
        }
    int nf = (int)(sizeof fv / sizeof fv[0]);
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < nf; j++) {
            printf("f %a %a:", fv[i], fv[j]);
            pf(mulf(fv[i], fv[j]));
            pf(divf(fv[i], fv[j]));
            printf("\n");
        }
    /* gradual underflow: halve DBL_MIN until zero */
    volatile double u = DBL_MIN;
    int steps = 0;
    while (u != 0.0) { u = muld(u, 0.5); steps++; }
    printf("underflow steps %d\n", steps);
    /* reciprocal round trip mismatches */
    int bad = 0;
    for (int k = 1; k <= 1000; k++) if (divd(1.0, divd(1.0, k)) != k) bad++;
    printf("recip mismatches %d\n", bad);
    /* rounding of subnormal products: ties */
    volatile double sub = 0x1.8p-1074 * 1.0;
    printf("subnormal %a %a %a\n", muld(0x1p-1074, 1.5), muld(0x1p-1074, 2.5), divd(0x1p-1073, 4.0));
    printf("sub2 %a %a\n", muld(sub, 0.75), muld(DBL_MIN, 1.0 - DBL_EPSILON));
    return 0;
}
