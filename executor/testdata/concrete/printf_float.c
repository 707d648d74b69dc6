// printf floating conversions on doubles: %e %E %f %F %g %G %a %A with default and explicit
// precisions, rounding of decimal output (ties, carries like 9.9999 -> 10.0), huge/tiny
// magnitudes, -0.0, inf/nan spellings, and %g trailing-zero and exponent-switch rules.
#include <float.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    volatile double v[] = {0.0, -0.0, 1.0, -1.5, 0.1, 0.125, 0.5, 2.5, 3.14159265358979, 99.995, 9.9999999,
                           123456789.0, 1e-5, 1.5e-5, 1e15, 1e16, 1e17, 1e100, 1e-100, DBL_MAX, DBL_MIN, 4.9e-324,
                           1.0 / 3.0, 0.000123456, 100000.0, 1000000.0};
    int n = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < n; i++) {
        double x = v[i];
        printf("[%e] [%E] [%.0e] [%.2e] [%.15e]\n", x, x, x, x, x);
        if (fabs(x) < 1e20) printf("  [%f] [%F] [%.0f] [%.1f] [%.10f]\n", x, x, x, x, x);
        printf("  [%g] [%G] [%.0g] [%.1g] [%.3g] [%.10g] [%.17g] [%#g]\n", x, x, x, x, x, x, x, x);
        printf("  [%a] [%A] [%.0a] [%.2a] [%.20a]\n", x, x, x, x, x);
    }
    printf("ties [%.0f] [%.0f] [%.0f] [%.0f] [%.1f] [%.1f] [%.2f] [%.2f]\n", 0.5, 1.5, 2.5, -0.5, 0.25, 0.35, 1.005, 1.125);
    volatile double inf = INFINITY, nn = NAN;
    printf("inf [%f] [%F] [%e] [%E] [%g] [%G] [%a] [%A] [%10f] [%-10f|] [%+f]\n", inf, inf, inf, inf, inf, inf, inf, inf, inf, -inf, inf);
    printf("nan [%f] [%F] [%e] [%G] [%a] [%5f]\n", nn, nn, nn, nn, nn, nn);
    printf("float promoted [%a] [%.9g] [%f]\n", 0.1f, 0.1f, 16777217.0f);
    /* exact decimal expansion */
    printf("%.60f\n", 0.1);
    printf("%.0f\n", DBL_MAX);
    printf("%.30e\n", 4.9e-324);
    return 0;
}
