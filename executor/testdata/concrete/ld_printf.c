// printf of long double: %La %LA %Lf %Le %LE %Lg %LG with precisions, widths and flags,
// values that need more than double precision to print, huge and tiny exponents, inf/nan.
#include <float.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    volatile long double v[] = {0.0L, -0.0L, 1.0L, 0.1L, 1.0L / 3.0L, 2.0L / 3.0L, 123456789.123456789L,
                                1e4000L, -1e-4000L, LDBL_MAX, LDBL_MIN, LDBL_TRUE_MIN, 0.5L, 1.5L, 2.5L,
                                1.0L + LDBL_EPSILON, 18446744073709551615.0L, INFINITY, -INFINITY};
    int n = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < n; i++) {
        long double x = v[i];
        printf("[%La] [%LA] [%.3La] [%.0La]\n", x, x, x, x);
        if (fabsl(x) < 1e30L || isinf(x)) printf("  [%Lf] [%.0Lf] [%.20Lf] [%12.3Lf] [%-12.2Lf|]\n", x, x, x, x, x);
        printf("  [%Le] [%.0Le] [%.25Le] [%LE]\n", x, x, x, x);
        printf("  [%Lg] [%.20Lg] [%#Lg] [%LG] [%+Lg] [% Lg] [%015.5Lg]\n", x, x, x, x, x, x, x);
    }
    volatile long double nn = NAN;
    printf("nan [%Lf] [%Le] [%Lg] [%La] [%LF]\n", nn, nn, nn, nn, nn);
    /* exact decimal expansion of 2^-70 */
    volatile long double t = 0x1p-70L;
    printf("%.80Lf\n", t);
    printf("%.25Lg vs double %.25g\n", (long double)0.1L, 0.1);
    return 0;
}
