// long double (x86_fp80) arithmetic: + - * / with 64-bit mantissa precision, results that
// differ from double, extended exponent range (1e4000, 1e-4900, subnormals), negation,
// accumulation, fmodl, and mixing with double/int operands.
#include <float.h>
#include <stdio.h>

__attribute__((noinline)) static long double add(long double a, long double b) { return a + b; }
__attribute__((noinline)) static long double sub(long double a, long double b) { return a - b; }
__attribute__((noinline)) static long double mul(long double a, long double b) { return a * b; }
__attribute__((noinline)) static long double dv(long double a, long double b) { return a / b; }

int main(void) {
    volatile long double v[] = {1.0L, -1.0L, 0.1L, 1.0L / 3.0L, 1e4000L, 1e-4900L, LDBL_MAX, LDBL_MIN,
                                LDBL_TRUE_MIN, 0x1.0000000000000002p0L, 3.0L, -0.0L, 12345678901234567890.0L};
    int n = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            long double a = v[i], b = v[j];
            printf("%La %La: %La %La %La", a, b, add(a, b), sub(a, b), mul(a, b));
            if (b != 0) printf(" %La", dv(a, b));
            printf("\n");
        }
    /* extra precision: 1 + 2^-60 survives in long double but not in double */
    volatile long double one = 1.0L;
    long double e = add(one, 0x1p-60L);
    printf("1+2^-60 %La as double %a diff %La\n", e, (double)e, sub(e, one));
    /* mixing with double and int */
    volatile double d = 0.1;
    volatile int k = 7;
    long double m = d * (long double)k + k / 2.0L;
    printf("mixed %La %La\n", m, (long double)d - 0.1L);
    /* factorial in long double exceeds double range */
    long double f = 1;
    for (int i = 1; i <= 200; i++) f = mul(f, i);
    printf("200! %La %Lg\n", f, f);
    /* harmonic sum */
    long double h = 0;
    for (int i = 1; i <= 1000; i++) h = add(h, dv(1.0L, i));
    printf("H1000 %La\n", h);
    /* negation and compound assignment */
    long double x = 2.5L;
    x = -x;
    x *= 3;
    x /= 7;
    x -= 0.5L;
    x += 1e-19L;
    printf("compound %La\n", x);
    return 0;
}
