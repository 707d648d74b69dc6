// Classification macros on float/double/long double: fpclassify, isnan, isinf, isfinite,
// isnormal, signbit, with zeros, subnormals, normals, limits, infinities and NaNs of both signs.
#include <float.h>
#include <math.h>
#include <stdio.h>

static const char *cls(int c) {
    switch (c) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "inf";
    case FP_ZERO: return "zero";
    case FP_SUBNORMAL: return "sub";
    case FP_NORMAL: return "norm";
    }
    return "?";
}

__attribute__((noinline)) static void cd(double x) {
    printf("d %-24a %-4s nan=%d inf=%d fin=%d norm=%d sb=%d\n", x, cls(fpclassify(x)), isnan(x) != 0,
           isinf(x), isfinite(x) != 0, isnormal(x) != 0, signbit(x) != 0);
}
__attribute__((noinline)) static void cf(float x) {
    printf("f %-16a %-4s nan=%d inf=%d fin=%d norm=%d sb=%d\n", x, cls(fpclassify(x)), isnan(x) != 0,
           isinf(x), isfinite(x) != 0, isnormal(x) != 0, signbit(x) != 0);
}
__attribute__((noinline)) static void cl(long double x) {
    printf("L %-24La %-4s nan=%d inf=%d fin=%d norm=%d sb=%d\n", x, cls(fpclassify(x)), isnan(x) != 0,
           isinf(x), isfinite(x) != 0, isnormal(x) != 0, signbit(x) != 0);
}

int main(void) {
    volatile double d[] = {0.0, -0.0, 1.0, -2.5, DBL_MIN, DBL_MIN / 2, -4.9e-324, DBL_MAX, -INFINITY,
                           INFINITY, NAN, -NAN, DBL_TRUE_MIN, 0x1.fffffffffffffp-1023};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) cd(d[i]);
    volatile float f[] = {0.0f, -0.0f, 1.0f, FLT_MIN, FLT_MIN / 4, FLT_TRUE_MIN, -FLT_MAX, INFINITY, NAN,
                          -NAN, 0x1.fffffcp-127f};
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) cf(f[i]);
    volatile long double l[] = {0.0L, -0.0L, 1.0L, LDBL_MIN, LDBL_MIN / 2, LDBL_TRUE_MIN, LDBL_MAX, -INFINITY,
                                NAN, -NAN, LDBL_EPSILON};
    for (unsigned i = 0; i < sizeof l / sizeof l[0]; i++) cl(l[i]);
    /* classification of computed values */
    volatile double z = 0.0;
    cd(1.0 / z);
    cd(-1.0 / z);
    cd(DBL_MAX * 2.0 + z);
    cd(DBL_MIN * 0.25 + z);
    printf("nan computed %d %d\n", isnan(z / z) != 0, isnan(INFINITY - (INFINITY + z)) != 0);
    /* counting classes over a sweep of exponents */
    int counts[5] = {0};
    double x = 1.0;
    for (int k = 0; k < 1100; k++) {
        int c = fpclassify(x);
        counts[c == FP_NORMAL ? 0 : c == FP_SUBNORMAL ? 1 : c == FP_ZERO ? 2 : 3]++;
        x *= 0.5;
    }
    printf("sweep norm=%d sub=%d zero=%d other=%d\n", counts[0], counts[1], counts[2], counts[3]);
    return 0;
}
