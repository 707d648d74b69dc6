// fmod / fmodf / fmodl (floating remainder, LLVM frem when lowered) with signs, exact
// results, huge ratio of operands, zero results keeping the dividend sign, inf/NaN cases
// (checked with isnan), and the remainder/fmod difference.
#include <float.h>
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static double fm(double a, double b) { return fmod(a, b); }
__attribute__((noinline)) static float fmf(float a, float b) { return fmodf(a, b); }
__attribute__((noinline)) static long double fml(long double a, long double b) { return fmodl(a, b); }

int main(void) {
    volatile double a[] = {5.5, -5.5, 1e300, -0.0, 0.0, 3.0, 0.1, 1e-310, DBL_MAX, 7.0, INFINITY};
    volatile double b[] = {2.0, -2.0, 3.0, 0.1, 1e-300, 1.5, DBL_MIN, INFINITY, 0.0, 7.0};
    for (int i = 0; i < 11; i++)
        for (int j = 0; j < 10; j++) {
            double r = fm(a[i], b[j]);
            if (isnan(r)) printf("d %a %% %a = nan\n", a[i], b[j]);
            else printf("d %a %% %a = %a\n", a[i], b[j], r);
        }
    volatile float fa[] = {5.5f, -5.5f, 1e30f, -0.0f, 16777217.0f, 0.3f};
    volatile float fb[] = {2.0f, -0.1f, 3.0f, 1e-30f, 0.7f};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) printf("f %a %% %a = %a\n", fa[i], fb[j], fmf(fa[i], fb[j]));
    volatile long double la[] = {5.5L, -5.5L, 1e4000L, -0.0L, 0.1L, 1.0L / 3.0L};
    volatile long double lb[] = {2.0L, -0.1L, 3.0L, 1e-4000L, 0.3L};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) printf("L %La %% %La = %La\n", la[i], lb[j], fml(la[i], lb[j]));
    /* fmod vs remainder */
    volatile double x = 7.5, y = 2.0;
    printf("fmod %a remainder %a\n", fmod(x, y), remainder(x, y));
    /* angle reduction loop */
    double acc = 0;
    for (int k = 1; k <= 100; k++) acc += fm(k * 1.1, 6.283185307179586);
    printf("acc %a\n", acc);
    return 0;
}
