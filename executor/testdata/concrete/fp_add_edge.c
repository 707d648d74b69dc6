// Floating add/sub edge cases on float and double: signed zeros (x-x, -0+-0, 0+-0),
// overflow to inf, inf-inf (NaN, checked with isnan), subnormal results, ties-to-even
// on add, 1+eps, largest values.
#include <float.h>
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static double addd(double a, double b) { return a + b; }
__attribute__((noinline)) static double subd(double a, double b) { return a - b; }
__attribute__((noinline)) static float addf(float a, float b) { return a + b; }
__attribute__((noinline)) static float subf(float a, float b) { return a - b; }

static volatile double dv[] = {0.0, -0.0, 1.0, -1.0, DBL_EPSILON, DBL_EPSILON / 2, DBL_MIN, -DBL_MIN,
                               4.9e-324, DBL_MAX, -DBL_MAX, INFINITY, 1e16, 3.0, 0x1.0000000000001p0};
static volatile float fv[] = {0.0f, -0.0f, 1.0f, -1.0f, FLT_EPSILON, FLT_EPSILON / 2, FLT_MIN, 1e-45f,
                              FLT_MAX, -FLT_MAX, INFINITY, 16777216.0f, 3.0f, 0x1.000002p0f};

int main(void) {
    int nd = (int)(sizeof dv / sizeof dv[0]);
    for (int i = 0; i < nd; i++)
        for (int j = 0; j < nd; j++) {
            double s = addd(dv[i], dv[j]), d = subd(dv[i], dv[j]);
            if (isnan(s) || isnan(d))
                printf("d %a %a: nan %d %d\n", dv[i], dv[j], isnan(s) != 0, isnan(d) != 0);
            else
                printf("d %a %a: %a %a\n", dv[i], dv[j], s, d);
        }
    int nf = (int)(sizeof fv / sizeof fv[0]);
    for (int i = 0; i < nf; i++)
        for (int j = 0; j < nf; j++) {
            float s = addf(fv[i], fv[j]), d = subf(fv[i], fv[j]);
            if (isnan(s) || isnan(d))
                printf("f %a %a: nan %d %d\n", fv[i], fv[j], isnan(s) != 0, isnan(d) != 0);
            else
                printf("f %a %a: %a %a\n", fv[i], fv[j], s, d);
        }
    /* ties to even: 2^53 + 1 -> 2^53, 2^53 + 3 -> 2^53 + 4 */
    volatile double p53 = 9007199254740992.0;
    printf("ties %a %a %a\n", addd(p53, 1.0), addd(p53, 3.0), addd(p53, 1.0000000001));
    /* negation */
    for (int i = 0; i < nd; i++) printf("neg %a %a\n", -dv[i], 0.0 - dv[i]);
    return 0;
}
