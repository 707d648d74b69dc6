// Conversions between float, double and long double: exact widening, rounding on narrowing
// (ties, overflow to inf, underflow to subnormal/zero), double rounding ld->double->float
// vs ld->float, signed zeros and infinities.
#include <float.h>
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static float d2f(double x) { return (float)x; }
__attribute__((noinline)) static double f2d(float x) { return x; }
__attribute__((noinline)) static long double d2l(double x) { return x; }
__attribute__((noinline)) static double l2d(long double x) { return (double)x; }
__attribute__((noinline)) static float l2f(long double x) { return (float)x; }
__attribute__((noinline)) static long double f2l(float x) { return x; }

int main(void) {
    volatile double d[] = {0.1, -0.0, 1.0 + 0x1p-24, 1.0 + 0x1p-24 + 0x1p-52, 1.0 + 0x3p-24, 3.4028235677973366e38,
                           3.4028234663852886e38, 3.5e38, 1e-45, 7e-46, 1.4e-45, 1e-50, DBL_MAX, DBL_MIN,
                           INFINITY, -INFINITY, 0x1.fffffefffffffp-1, 0x1.ffffff0000000p+127, 16777217.0};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
        float f = d2f(d[i]);
        printf("d2f %a -> %a -> %a\n", d[i], f, f2d(f));
    }
    volatile long double l[] = {0.1L, 1.0L / 3.0L, 1.0L + 0x1p-53L, 1.0L + 0x1p-53L + 0x1p-63L, 1.0L + 0x3p-53L,
                                1e309L, -1e309L, 1e-320L, 1e-330L, 0x1p-1075L, 0x1.0000000000001p-1075L,
                                LDBL_MAX, LDBL_MIN, -0.0L, 1.0L + 0x1p-24L + 0x1p-60L, 0x1.ffffffp+127L};
    for (unsigned i = 0; i < sizeof l / sizeof l[0]; i++) {
        double x = l2d(l[i]);
        float y = l2f(l[i]);
        printf("l %La -> d %a -> f %a | direct f %a | back %La %La\n", l[i], x, d2f(x), y, d2l(x), f2l(y));
    }
    volatile float f[] = {0.1f, FLT_MAX, FLT_TRUE_MIN, -0.0f, INFINITY, 1.0f / 3.0f};
    for (int i = 0; i < 6; i++) printf("f %a -> d %a -> L %La\n", f[i], f2d(f[i]), f2l(f[i]));
    /* round trip widening is exact */
    int ok = 1;
    for (int k = 0; k < 1000; k++) {
        double x = k * 0.37 + 1e-3;
        if (l2d(d2l(x)) != x) ok = 0;
        float y = (float)x;
        if (d2f(f2d(y)) != y) ok = 0;
    }
    printf("roundtrip %d\n", ok);
    /* float arithmetic promoted to double in expressions */
    volatile float a = 16777216.0f, b = 1.0f;
    float fs = a + b;
    double ds = (double)a + b;
    printf("promote %a %a\n", fs, ds);
    return 0;
}
