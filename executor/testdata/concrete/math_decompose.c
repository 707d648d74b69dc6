// Floating decomposition and manipulation: frexp ldexp modf scalbn scalbln ilogb logb
// nextafter nexttoward copysign for float/double/long double, including subnormals, zeros,
// infinities, and stepping across the normal/subnormal boundary and 1.0.
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    volatile double dv[] = {0.0, -0.0, 1.0, -3.75, 0.1, 1e300, DBL_MIN, DBL_TRUE_MIN, 0x1.8p-1070, DBL_MAX, 1024.0, INFINITY};
    for (int i = 0; i < 12; i++) {
        double x = dv[i];
        int e = 999;
        double m = frexp(x, &e);
        double ip;
        double fp = modf(x, &ip);
        printf("d %a: frexp %a,%d modf %a,%a", x, m, isinf(x) ? 0 : e, fp, ip);
        if (x != 0 && !isinf(x)) printf(" ilogb %d logb %a", ilogb(x), logb(x));
        printf(" ldexp %a %a scalbn %a %a\n", ldexp(x, 3), ldexp(x, -1075), scalbn(x, 1023), scalbln(x, -20L));
    }
    printf("ilogb special %d %d\n", ilogb(0.0) == FP_ILOGB0, ilogb(INFINITY) == INT_MAX);
    volatile float fv[] = {0.0f, 1.0f, -0.1f, FLT_TRUE_MIN, FLT_MAX, 3.5f};
    for (int i = 0; i < 6; i++) {
        int e;
        float ip;
        float m = frexpf(fv[i], &e);
        float fr = modff(fv[i], &ip);
        printf("f %a: %a,%d %a,%a %a %a\n", fv[i], m, e, fr, ip, ldexpf(fv[i], -5), scalbnf(fv[i], 100));
    }
    volatile long double lv[] = {1.0L, -0.0L, LDBL_TRUE_MIN, LDBL_MAX, 12345.6789L};
    for (int i = 0; i < 5; i++) {
        int e;
        long double ip;
        long double m = frexpl(lv[i], &e);
        long double fr = modfl(lv[i], &ip);
        printf("L %La: %La,%d %La,%La %La\n", lv[i], m, e, fr, ip, ldexpl(lv[i], 16000));
    }
    /* nextafter stepping */
    double x = 1.0;
    for (int k = 0; k < 3; k++) { x = nextafter(x, 0.0); printf("down %a\n", x); }
    x = DBL_MIN;
    x = nextafter(x, 0.0);
    printf("below min %a %d\n", x, fpclassify(x) == FP_SUBNORMAL);
    printf("next0 %a %a %a\n", nextafter(0.0, 1.0), nextafter(0.0, -1.0), nextafter(-0.0, 0.0));
    printf("nextmax %a %a\n", nextafter(DBL_MAX, INFINITY), nextafter(INFINITY, 0.0));
    printf("nextf %a %a nextl %La %La\n", nextafterf(1.0f, 2.0f), nextafterf(0.0f, -1.0f), nextafterl(1.0L, 2.0L),
           nexttowardl(0.0L, 1.0L));
    printf("toward %a %a\n", nexttoward(1.0, 1.0L + LDBL_EPSILON), nexttowardf(1.0f, 0.0L));
    printf("copysign %a %a %a %La\n", copysign(3.0, -0.0), copysign(-3.0, 0.0), copysignf(0.0f, -1.0f),
           copysignl(INFINITY, -2.0L));
    return 0;
}
