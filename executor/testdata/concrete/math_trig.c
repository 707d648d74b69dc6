// Trigonometric functions in float, double and long double: sin cos tan asin acos atan atan2,
// with large arguments (argument reduction), tiny arguments, +-0, signs of atan2 quadrants.
#include <math.h>
#include <stdio.h>

int main(void) {
    volatile double dv[] = {0.0, -0.0, 1e-10, 0.5, 1.0, -1.0, 3.141592653589793, 1.5707963267948966, 10.0,
                            1e6, 1e22, -123.456};
    for (int i = 0; i < 12; i++) {
        double x = dv[i];
        printf("d %a: sin %a cos %a tan %a atan %a\n", x, sin(x), cos(x), tan(x), atan(x));
        if (fabs(x) <= 1.0) printf("   asin %a acos %a\n", asin(x), acos(x));
    }
    volatile float fv[] = {0.0f, -0.0f, 0.5f, 1.0f, 3.1415927f, 100.0f, 1e10f};
    for (int i = 0; i < 7; i++) {
        float x = fv[i];
        printf("f %a: sinf %a cosf %a tanf %a atanf %a\n", x, sinf(x), cosf(x), tanf(x), atanf(x));
    }
    volatile long double lv[] = {0.0L, 0.5L, 1.0L, 3.14159265358979323846L, 1e10L, -2.0L};
    for (int i = 0; i < 6; i++) {
        long double x = lv[i];
        printf("L %La: sinl %La cosl %La tanl %La atanl %La\n", x, sinl(x), cosl(x), tanl(x), atanl(x));
    }
    /* atan2 in all quadrants and with signed zeros/infinities */
    volatile double ys[] = {1.0, -1.0, 0.0, -0.0, INFINITY, -INFINITY, 2.0};
    volatile double xs[] = {1.0, -1.0, 0.0, -0.0, INFINITY, -INFINITY, -3.0};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++) printf("atan2(%a,%a) = %a\n", ys[i], xs[j], atan2(ys[i], xs[j]));
    printf("atan2f %a atan2l %La\n", atan2f(1.0f, -2.0f), atan2l(1.0L, -2.0L));
    /* identity sin^2 + cos^2 */
    double worst = 0;
    for (int k = 0; k < 200; k++) {
        double x = k * 0.0731;
        double s = sin(x), c = cos(x);
        double e = fabs(s * s + c * c - 1.0);
        if (e > worst) worst = e;
    }
    printf("identity worst %a\n", worst);
    return 0;
}
