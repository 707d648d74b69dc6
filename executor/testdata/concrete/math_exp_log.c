// Exponentials and logarithms in float, double and long double: exp exp2 expm1 log log2
// log10 log1p, with tiny arguments (expm1/log1p precision), overflow/underflow, log of
// 0 (-inf), 1 (+0), negative (NaN via isnan), inf.
#include <math.h>
#include <stdio.h>

static void pd(double v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }
static void pf(float v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }
static void pl(long double v) { if (isnan(v)) printf(" nan"); else printf(" %La", v); }

int main(void) {
    volatile double dv[] = {0.0, -0.0, 1e-300, 1e-10, 0.5, 1.0, 2.0, 10.0, 100.0, 709.0, 710.0, -745.0, -746.0,
                            -1.0, -1e-10, INFINITY, -INFINITY};
    for (int i = 0; i < 17; i++) {
        double x = dv[i];
        printf("d %a:", x);
        pd(exp(x)); pd(exp2(x)); pd(expm1(x)); pd(log(x)); pd(log2(x)); pd(log10(x)); pd(log1p(x));
        printf("\n");
    }
    volatile float fv[] = {0.0f, 1e-8f, 0.5f, 1.0f, 88.0f, 89.0f, -104.0f, 3.0f};
    for (int i = 0; i < 8; i++) {
        float x = fv[i];
        printf("f %a:", x);
        pf(expf(x)); pf(exp2f(x)); pf(expm1f(x)); pf(logf(x)); pf(log2f(x)); pf(log10f(x)); pf(log1pf(x));
        printf("\n");
    }
    volatile long double lv[] = {1e-20L, 0.5L, 1.0L, 2.0L, 11356.0L, -11400.0L, 1e4000L, 3.0L};
    for (int i = 0; i < 8; i++) {
        long double x = lv[i];
        printf("L %La:", x);
        pl(expl(x)); pl(exp2l(x)); pl(expm1l(x)); pl(logl(x)); pl(log2l(x)); pl(log10l(x)); pl(log1pl(x));
        printf("\n");
    }
    /* exact powers */
    for (int k = -3; k <= 3; k++) {
        volatile double p = pow(10.0, k), q = ldexp(1.0, k * 10);
        printf("exact log10(%a)=%a log2(%a)=%a\n", p, log10(p), q, log2(q));
    }
    /* round trips */
    volatile double y = 0.7;
    printf("roundtrip %a %a %a\n", log(exp(y)), exp(log(y)), expm1(log1p(y)));
    return 0;
}
