// Iterative numerical methods: Newton's square root (double, float, long double) compared
// to sqrt, bisection root finding for a cubic, fixed-point iteration of cos, Newton
// reciprocal, iteration counts must match exactly.
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static double newton_sqrt(double a, int *iters) {
    double x = a > 1 ? a / 2 : 1.0;
    *iters = 0;
    for (;;) {
        double nx = 0.5 * (x + a / x);
        (*iters)++;
        if (nx == x || *iters > 100) break;
        if (fabs(nx - x) <= 0x1p-52 * nx && (nx + a / nx) * 0.5 == nx) { x = nx; break; }
        x = nx;
    }
    return x;
}
__attribute__((noinline)) static float newton_sqrtf(float a) {
    float x = a;
    for (int i = 0; i < 30; i++) x = 0.5f * (x + a / x);
    return x;
}
__attribute__((noinline)) static long double newton_sqrtl(long double a) {
    long double x = a;
    for (int i = 0; i < 40; i++) x = 0.5L * (x + a / x);
    return x;
}
static double cubic(double x) { return x * x * x - 2.0 * x - 5.0; }
__attribute__((noinline)) static double bisect(double lo, double hi, int *iters) {
    *iters = 0;
    while (1) {
        double mid = lo + (hi - lo) / 2;
        if (mid == lo || mid == hi) return mid;
        (*iters)++;
        if ((cubic(mid) < 0) == (cubic(lo) < 0)) lo = mid;
        else hi = mid;
    }
}

int main(void) {
    volatile double as[] = {2.0, 0.25, 10.0, 1e10, 1e-10, 12345.678, 3.0};
    for (int i = 0; i < 7; i++) {
        int it;
        double r = newton_sqrt(as[i], &it);
        printf("sqrt %a: newton %a (%d iters) lib %a diff %a\n", as[i], r, it, sqrt(as[i]), r - sqrt(as[i]));
        printf("  float %a %a  ld %La %La\n", newton_sqrtf((float)as[i]), sqrtf((float)as[i]),
               newton_sqrtl(as[i]), sqrtl(as[i]));
    }
    int it;
    double root = bisect(2.0, 3.0, &it);
    printf("bisect %a after %d iters f=%a\n", root, it, cubic(root));
    /* fixed point of cos */
    double x = 1.0;
    int k = 0;
    while (k < 200) { double nx = cos(x); k++; if (nx == x) break; x = nx; }
    printf("dottie %a after %d\n", x, k);
    /* Newton reciprocal 1/d */
    volatile double d = 7.0;
    double r = 0.1;
    for (int i = 0; i < 8; i++) { r = r * (2.0 - d * r); printf("recip step %d %a\n", i, r); }
    printf("exact %a\n", 1.0 / d);
    return 0;
}
