// Bit casts between floating types and integers via memcpy and unions: bit patterns of
// -0.0, subnormals, FLT_TRUE_MIN, inf, quiet NaN constants with payloads; building floats
// from bits; long double 80-bit layout (mantissa with explicit integer bit, exponent+sign).
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
__attribute__((noinline)) static double bitsd(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
__attribute__((noinline)) static uint32_t fbits(float f) { union { float f; uint32_t u; } x = {f}; return x.u; }
__attribute__((noinline)) static float bitsf(uint32_t u) { union { uint32_t u; float f; } x = {u}; return x.f; }
__attribute__((noinline)) static void lbits(long double l, uint64_t *mant, uint16_t *se) {
    unsigned char b[sizeof(long double)];
    memcpy(b, &l, sizeof l);
    memcpy(mant, b, 8);
    memcpy(se, b + 8, 2);
}

int main(void) {
    volatile double d[] = {0.0, -0.0, 1.0, -2.0, 0.1, DBL_MIN, DBL_TRUE_MIN, DBL_MAX, INFINITY, -INFINITY,
                           DBL_EPSILON, 1.0 + DBL_EPSILON, 0x1.23456789abcdep-1030};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
        uint64_t u = dbits(d[i]);
        printf("d %a = %016llx sign %llu exp %03llx mant %013llx\n", d[i], (unsigned long long)u,
               (unsigned long long)(u >> 63), (unsigned long long)((u >> 52) & 0x7ff),
               (unsigned long long)(u & 0xfffffffffffffULL));
    }
    volatile float f[] = {0.0f, -0.0f, 1.0f, FLT_MIN, FLT_TRUE_MIN, FLT_MAX, INFINITY, 0.1f, -3.75f};
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) printf("f %a = %08x\n", f[i], fbits(f[i]));
    /* NaN constants and payloads built from bits (quiet NaNs only) */
    printf("NAN %08x nan(\"\") %016llx\n", fbits(NAN), (unsigned long long)dbits(nan("")));
    double qp = bitsd(0x7ff8000000000123ULL);
    printf("payload nan isnan=%d bits %016llx neg %016llx fabs %016llx\n", isnan(qp) != 0,
           (unsigned long long)dbits(qp), (unsigned long long)dbits(-qp), (unsigned long long)dbits(fabs(-qp)));
    float qf = bitsf(0xffc00042u);
    printf("float nan %08x copysign %08x\n", fbits(qf), fbits(copysignf(qf, 1.0f)));
    /* build values from bits */
    uint64_t pats[] = {0x3ff0000000000000ULL, 0x0000000000000001ULL, 0x000fffffffffffffULL, 0x8010000000000000ULL,
                       0x7fefffffffffffffULL, 0x7ff0000000000000ULL, 0x400921fb54442d18ULL};
    for (int i = 0; i < 7; i++) printf("bits %016llx = %a\n", (unsigned long long)pats[i], bitsd(pats[i]));
    uint32_t fp[] = {0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0xbf800000u, 0x80000000u};
    for (int i = 0; i < 6; i++) printf("fbits %08x = %a\n", fp[i], bitsf(fp[i]));
    /* long double layout */
    volatile long double l[] = {1.0L, -1.0L, 0.1L, LDBL_MIN, LDBL_TRUE_MIN, LDBL_MAX, -0.0L, INFINITY};
    for (int i = 0; i < 8; i++) {
        uint64_t m; uint16_t se;
        lbits(l[i], &m, &se);
        printf("L %La = se %04x mant %016llx\n", l[i], se, (unsigned long long)m);
    }
    /* nextafter via integer increment */
    double x = 1.0;
    for (int k = 0; k < 3; k++) { x = bitsd(dbits(x) + 1); printf("inc %a\n", x); }
    x = bitsd(dbits(0.0) + 1);
    printf("smallest %a %d\n", x, x == DBL_TRUE_MIN);
    return 0;
}
