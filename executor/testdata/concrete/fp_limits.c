// Floating point limits from float.h and their neighbourhood: FLT/DBL/LDBL MIN, MAX,
// TRUE_MIN, EPSILON, MANT_DIG, DIG, exponent ranges, 1+eps and 1+eps/2, overflow of MAX*2,
// MAX+ulp rounding, subnormal boundaries, computed machine epsilon.
#include <float.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    printf("FLT: %a %a %a %a mant=%d dig=%d minexp=%d maxexp=%d\n", FLT_MIN, FLT_MAX, FLT_TRUE_MIN, FLT_EPSILON,
           FLT_MANT_DIG, FLT_DIG, FLT_MIN_EXP, FLT_MAX_EXP);
    printf("DBL: %a %a %a %a mant=%d dig=%d minexp=%d maxexp=%d\n", DBL_MIN, DBL_MAX, DBL_TRUE_MIN, DBL_EPSILON,
           DBL_MANT_DIG, DBL_DIG, DBL_MIN_EXP, DBL_MAX_EXP);
    printf("LDBL: %La %La %La %La mant=%d dig=%d minexp=%d maxexp=%d\n", LDBL_MIN, LDBL_MAX, LDBL_TRUE_MIN,
           LDBL_EPSILON, LDBL_MANT_DIG, LDBL_DIG, LDBL_MIN_EXP, LDBL_MAX_EXP);
    printf("decimal %g %g %Lg %.17g\n", FLT_MAX, DBL_MIN, LDBL_MAX, DBL_EPSILON);
    printf("eval method %d radix %d\n", FLT_EVAL_METHOD, FLT_RADIX);
    volatile float f1 = 1.0f, fe = FLT_EPSILON, fmx = FLT_MAX, fmn = FLT_MIN, ftm = FLT_TRUE_MIN;
    printf("f 1+eps %a 1+eps/2 %a 1+eps*0.75 %a 1-eps/2 %a\n", f1 + fe, f1 + fe / 2, f1 + fe * 0.75f, f1 - fe / 2);
    printf("f max*2 %a max+ulp/2 %a min/2 %a tmin/2 %a tmin*0.75 %a\n", fmx * 2.0f, fmx + 0x1p103f, fmn / 2,
           ftm / 2, ftm * 0.75f);
    volatile double d1 = 1.0, de = DBL_EPSILON, dmx = DBL_MAX, dmn = DBL_MIN, dtm = DBL_TRUE_MIN;
    printf("d 1+eps %a 1+eps/2 %a 1+eps*0.75 %a 1-eps/2 %a 1-eps/4 %a\n", d1 + de, d1 + de / 2, d1 + de * 0.75,
           d1 - de / 2, d1 - de / 4);
    printf("d max*2 %a max+halfulp %a max+lessthanhalf %a min/2 %a tmin/2 %a tmin*1.5 %a\n", dmx * 2.0,
           dmx + 0x1p970, dmx + 0x1.fffffp969, dmn / 2, dtm / 2, dtm * 1.5);
    volatile long double l1 = 1.0L, le = LDBL_EPSILON, lmx = LDBL_MAX, lmn = LDBL_MIN, ltm = LDBL_TRUE_MIN;
    printf("L 1+eps %La 1+eps/2 %La 1-eps/2 %La\n", l1 + le, l1 + le / 2, l1 - le / 2);
    printf("L max*2 %La min/2 %La tmin/2 %La tmin*1.5 %La\n", lmx * 2.0L, lmn / 2, ltm / 2, ltm * 1.5L);
    /* computed epsilon */
    float fe2 = 1.0f;
    while ((float)(f1 + fe2 / 2) != f1) fe2 /= 2;
    double de2 = 1.0;
    while (d1 + de2 / 2 != d1) de2 /= 2;
    long double le2 = 1.0L;
    while (l1 + le2 / 2 != l1) le2 /= 2;
    printf("computed eps %a %a %La\n", fe2, de2, le2);
    /* largest subnormal and boundary */
    volatile double ls = DBL_MIN - DBL_TRUE_MIN;
    printf("largest subnormal %a isnormal %d next %a %d\n", ls, isnormal(ls) != 0, ls + DBL_TRUE_MIN,
           isnormal(ls + DBL_TRUE_MIN) != 0);
    printf("sizes %zu %zu %zu\n", sizeof(float), sizeof(double), sizeof(long double));
    return 0;
}
