// fabs/copysign/fma/fmin/fmax/fdim/sqrt on float, double and long double, with signed
// zeros, NaN, infinities; fma vs separate multiply-add (single vs double rounding).
#include <float.h>
#include <math.h>
#include <stdio.h>

static volatile double dv[] = {0.0, -0.0, 1.0, -1.0, 0.1, -2.5, 1e308, -1e-310, INFINITY, -INFINITY};
#define ND (int)(sizeof dv / sizeof dv[0])

__attribute__((noinline)) static double mul_add(double a, double b, double c) { return a * b + c; }

int main(void) {
    for (int i = 0; i < ND; i++) {
        double x = dv[i], y = dv[(i + 3) % ND];
        printf("x=%a y=%a fabs=%a cs=%a cs2=%a sqrt=%a bfabs=%a\n", x, y, fabs(x), copysign(x, y),
               copysign(1.5, x), sqrt(fabs(x)), __builtin_fabs(x));
    }
    /* fmin/fmax with non-zero distinct values, inf and a single NaN operand */
    volatile double a[] = {1.0, -3.0, 2.0, INFINITY, -INFINITY, 0.5};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            if (i != j) printf("min/max %a %a -> %a %a fdim %a\n", a[i], a[j], fmin(a[i], a[j]), fmax(a[i], a[j]),
                               fdim(a[i], a[j]));
    volatile double qn = NAN;
    printf("nan cases %a %a %a %a\n", fmin(qn, 2.0), fmin(2.0, qn), fmax(qn, -1.0), fmax(-1.0, qn));
    printf("fminf %a fmaxf %a fminl %La fmaxl %La\n", fminf(1.5f, -2.5f), fmaxf(1.5f, (float)qn),
           fminl(3.0L, 2.0L), fmaxl(-1.0L, (long double)qn));
    /* fma is exact before rounding: (1+2^-30)^2 - 1 */
    volatile double e = 1.0 + 0x1p-30;
    printf("fma %a sep %a\n", fma(e, e, -1.0), mul_add(e, e, -1.0));
    volatile double big = 0x1.fffffffffffffp+1023;
    printf("fma big %a %a\n", fma(big, 2.0, -big), fma(0.1, 10.0, -1.0));
    volatile float ef = 1.0f + 0x1p-13f;
    printf("fmaf %a sep %a\n", fmaf(ef, ef, -1.0f), ef * ef - 1.0f);
    volatile long double el = 1.0L + 0x1p-40L;
    printf("fmal %La sep %La\n", fmal(el, el, -1.0L), el * el - 1.0L);
    printf("fma special %d %a %a\n", isnan(fma(INFINITY, 0.0 + dv[2], -INFINITY)), fma(0.0 + dv[1], 5.0, -0.0),
           fma(-0.0, 0.0 + dv[0], 0.0));
    /* float and long double versions of fabs/copysign/sqrt */
    volatile float f = -0x1.8p-130f;
    volatile long double l = -0x1p-16400L;
    printf("float %a %a %a\n", fabsf(f), copysignf(3.0f, f), sqrtf(2.0f + f));
    printf("ld %La %La %La %La\n", fabsl(l), copysignl(3.0L, l), sqrtl(2.0L), sqrtl(LDBL_MAX));
    printf("sqrt special %a %a %a %a\n", sqrt(-0.0 * dv[2]), sqrt(dv[8]), sqrt(DBL_MIN), sqrt(4.9e-324));
    printf("sqrt neg isnan %d %d\n", isnan(sqrt(dv[3])), isnan(sqrtf((float)dv[3])));
    return 0;
}
