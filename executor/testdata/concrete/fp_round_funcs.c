// Rounding functions on float/double/long double: floor ceil trunc round rint nearbyint
// lrint llrint lround llround, on ties (x.5), negatives, -0, huge values, NaN and inf.
#include <math.h>
#include <stdio.h>

static volatile double dv[] = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
                               1.4999999999999998, 2.5000000000000004, -3.7, 3.7, 1e15 + 0.5,
                               4503599627370497.0, 9007199254740993.0, -123456.789, 1e300, 5e-324};
static volatile double dspecial[] = {INFINITY, -INFINITY, NAN};

int main(void) {
    int n = (int)(sizeof dv / sizeof dv[0]);
    for (int i = 0; i < n; i++) {
        double x = dv[i];
        printf("d %a: fl %a ce %a tr %a ro %a ri %a nb %a", x, floor(x), ceil(x), trunc(x), round(x),
               rint(x), nearbyint(x));
        if (fabs(x) < 1e18)
            printf(" lrint %ld llrint %lld lround %ld llround %lld", lrint(x), llrint(x), lround(x), llround(x));
        printf("\n");
    }
    for (int i = 0; i < 3; i++) {
        double x = dspecial[i];
        printf("sp %a: %a %a %a %a %a %a\n", x, floor(x), ceil(x), trunc(x), round(x), rint(x), nearbyint(x));
    }
    volatile float fv[] = {0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 8388607.5f, 8388609.0f, -0.0f, 0.49999997f,
                           16777216.0f, 3.4e38f, 1e-40f, -7.25f};
    for (int i = 0; i < 13; i++) {
        float x = fv[i];
        printf("f %a: %a %a %a %a %a %a", x, floorf(x), ceilf(x), truncf(x), roundf(x), rintf(x), nearbyintf(x));
        if (fabsf(x) < 1e18f) printf(" %ld %ld", lrintf(x), lroundf(x));
        printf("\n");
    }
    volatile long double lv[] = {0.5L, -0.5L, 2.5L, -3.5L, 4611686018427387903.5L, 1e4000L, -0.0L,
                                 0.49999999999999999997L, 1.0L / 3.0L, -12345678.5L};
    for (int i = 0; i < 10; i++) {
        long double x = lv[i];
        printf("L %La: %La %La %La %La %La %La", x, floorl(x), ceill(x), truncl(x), roundl(x), rintl(x),
               nearbyintl(x));
        if (fabsl(x) < 1e18L) printf(" %ld %lld", lrintl(x), llroundl(x));
        printf("\n");
    }
    /* rounding in loops: banker's rounding accumulates differently */
    double s1 = 0, s2 = 0;
    for (int k = 0; k < 50; k++) {
        double v = k + 0.5;
        s1 += rint(v);
        s2 += round(v);
    }
    printf("sums %a %a\n", s1, s2);
    return 0;
}
