// Remainder-family functions: fmod, remainder (ties to even quotient), remquo (quotient bits
// and sign), drem-like behaviour for float/double/long double, with negative operands,
// exact halves, large ratios, zero results and their signs; NaN cases checked with isnan.
#include <math.h>
#include <stdio.h>

int main(void) {
    volatile double xs[] = {5.0, -5.0, 5.5, 7.5, -7.5, 6.0, 1e300, 0.1, -0.0, 3.0, 1e-310};
    volatile double ys[] = {2.0, -2.0, 3.0, 0.1, 1.5, 1e-300, 2.5};
    for (int i = 0; i < 11; i++)
        for (int j = 0; j < 7; j++) {
            int q = 12345;
            double r = remquo(xs[i], ys[j], &q);
            printf("%a,%a: fmod %a rem %a remquo %a q=%d (q&7=%d)\n", xs[i], ys[j], fmod(xs[i], ys[j]),
                   remainder(xs[i], ys[j]), r, q, q & 7);
        }
    volatile float fx[] = {5.0f, -7.5f, 1e30f, 0.3f};
    volatile float fy[] = {2.0f, 1.5f, 0.7f};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            int q;
            float r = remquof(fx[i], fy[j], &q);
            printf("f %a,%a: %a %a %a q=%d\n", fx[i], fy[j], fmodf(fx[i], fy[j]), remainderf(fx[i], fy[j]), r, q);
        }
    volatile long double lx[] = {5.0L, -7.5L, 1e4000L, 1.0L / 3.0L};
    volatile long double ly[] = {2.0L, 1.5L, 0.1L};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            int q;
            long double r = remquol(lx[i], ly[j], &q);
            printf("L %La,%La: %La %La %La q=%d\n", lx[i], ly[j], fmodl(lx[i], ly[j]), remainderl(lx[i], ly[j]), r, q);
        }
    volatile double z = 0.0, inf = INFINITY;
    printf("nan cases %d %d %d %d\n", isnan(remainder(1.0, z)) != 0, isnan(remainder(inf, 1.0)) != 0,
           isnan(fmod(inf, 2.0)) != 0, isnan(fmod(1.0, z)) != 0);
    printf("inf divisor %a %a\n", remainder(3.5, inf), fmod(-3.5, inf));
    return 0;
}
