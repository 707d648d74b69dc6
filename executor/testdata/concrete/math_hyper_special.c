// Hyperbolic and special functions in float/double/long double: sinh cosh tanh asinh acosh
// atanh erf erfc lgamma tgamma, at 0, -0, small, large (overflow), negative and
// non-positive-integer arguments (poles), inf and NaN.
#include <math.h>
#include <stdio.h>

static void pd(double v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }

int main(void) {
    volatile double xs[] = {0.0, -0.0, 1e-20, 0.5, -0.5, 1.0, 2.0, 10.0, -20.0, 710.0, 0.9999999, INFINITY, -INFINITY};
    for (int i = 0; i < 13; i++) {
        double x = xs[i];
        printf("hyp %a:", x);
        pd(sinh(x)); pd(cosh(x)); pd(tanh(x)); pd(asinh(x)); pd(acosh(x)); pd(atanh(x));
        printf("\n");
    }
    volatile double es[] = {0.0, -0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 27.0, -3.0, INFINITY, -INFINITY};
    for (int i = 0; i < 11; i++) {
        printf("erf %a:", es[i]);
        pd(erf(es[i])); pd(erfc(es[i]));
        printf("\n");
    }
    volatile double gs[] = {0.5, 1.0, 2.0, 3.5, 10.0, 171.0, 172.0, -0.5, -1.5, 1e-10, -2.0, 0.0, -0.0, INFINITY, 1e-300};
    for (int i = 0; i < 15; i++) {
        printf("gamma %a:", gs[i]);
        pd(tgamma(gs[i])); pd(lgamma(gs[i]));
        printf("\n");
    }
    printf("float %a %a %a %a %a\n", sinhf(1.0f), tanhf(-0.5f), erff(0.3f), tgammaf(4.5f), lgammaf(100.0f));
    printf("ld %La %La %La %La %La\n", sinhl(1.0L), tanhl(-0.5L), erfl(0.3L), tgammal(4.5L), lgammal(100.0L));
    printf("ld big %La %La\n", coshl(11000.0L), tgammal(1700.0L));
    /* factorial check via tgamma */
    int exact = 0;
    double f = 1;
    for (int n = 1; n <= 20; n++) { f *= n; exact += tgamma(n + 1.0) == f; }
    printf("tgamma exact for %d of 20\n", exact);
    return 0;
}
