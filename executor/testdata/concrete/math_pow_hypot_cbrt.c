// pow/powf/powl, hypot, cbrt, sqrt with special-case rules: pow(x,0)=1 even for NaN,
// pow(1,y)=1, pow(-1,+-inf)=1, negative base with integer/non-integer exponent, signed zero
// bases with odd/even exponents, overflow/underflow; hypot with inf and NaN; cbrt of negatives.
#include <math.h>
#include <stdio.h>

static void pd(double v) { if (isnan(v)) printf(" nan"); else printf(" %a", v); }

int main(void) {
    volatile double xs[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 10.0, INFINITY, -INFINITY, NAN, 1e300};
    volatile double ys[] = {0.0, -0.0, 1.0, -1.0, 2.0, 3.0, -3.0, 0.5, -0.5, 1.5, INFINITY, -INFINITY, NAN, 1e10};
    for (int i = 0; i < 12; i++) {
        printf("pow %a:", xs[i]);
        for (int j = 0; j < 14; j++) pd(pow(xs[i], ys[j]));
        printf("\n");
    }
    printf("powf %a %a %a powl %La %La\n", powf(2.0f, 0.5f), powf(-8.0f, 3.0f), powf(10.0f, -40.0f), powl(2.0L, 0.5L),
           powl(3.0L, 100.0L));
    volatile double hx[] = {3.0, -5.0, 0.0, 1e300, 1e-300, INFINITY, NAN, 0x1p-1074};
    for (int i = 0; i < 8; i++) {
        printf("hypot %a:", hx[i]);
        for (int j = 0; j < 8; j++) pd(hypot(hx[i], hx[j]));
        printf("\n");
    }
    printf("hypotf %a hypotl %La\n", hypotf(3.0f, 4.0f), hypotl(1e4000L, 1e4000L));
    volatile double cs[] = {27.0, -27.0, 2.0, -0.0, 1e-300, 1e300, INFINITY, 0.001};
    for (int i = 0; i < 8; i++) printf("cbrt %a = %a\n", cs[i], cbrt(cs[i]));
    printf("cbrtf %a %a cbrtl %La %La\n", cbrtf(-64.0f), cbrtf(3.0f), cbrtl(-1000.0L), cbrtl(2.0L));
    /* compound interest by pow vs loop */
    volatile double rate = 0.05;
    double loop = 1.0;
    for (int k = 0; k < 30; k++) loop *= 1.0 + rate;
    printf("interest %a %a\n", pow(1.0 + rate, 30), loop);
    return 0;
}
