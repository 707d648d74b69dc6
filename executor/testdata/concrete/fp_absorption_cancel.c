// Classic floating pitfalls: absorption (1e12f + x, 1e16 + 1), catastrophic cancellation
// ((1+x)-1, quadratic formula), non-associativity of + and *, order-dependent sums,
// distributivity failure, 0.1+0.2 != 0.3, repeated addition drift.
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static float addf(float a, float b) { return a + b; }
__attribute__((noinline)) static double add(double a, double b) { return a + b; }
__attribute__((noinline)) static double mul(double a, double b) { return a * b; }

int main(void) {
    volatile float big = 1e12f;
    volatile float xs[] = {1.0f, 1000.0f, 30000.0f, 32768.0f, 65536.0f, 100000.0f};
    for (int i = 0; i < 6; i++) printf("absorb f %a + %a = %a diff %a\n", big, xs[i], addf(big, xs[i]), addf(big, xs[i]) - big);
    volatile double bd = 1e16;
    printf("absorb d %a %a %a\n", add(bd, 1.0), add(bd, 2.0), add(add(bd, 1.0), 1.0));
    /* cancellation */
    for (int k = 1; k <= 16; k += 3) {
        double x = pow(10.0, -k);
        double y = add(1.0, x) - 1.0;
        printf("cancel 1e-%d: %a rel err %a\n", k, y, fabs(y - x) / x);
    }
    /* quadratic formula: naive vs stable for x^2 + b x + 1 with large b */
    volatile double b = 1e8;
    double disc = sqrt(b * b - 4.0);
    double r_naive = (-b + disc) / 2.0;
    double r_stable = 2.0 / (-b - disc);
    printf("quad naive %a stable %a\n", r_naive, r_stable);
    /* non-associativity */
    volatile double a1 = 0.1, a2 = 0.2, a3 = 0.3;
    printf("assoc %a %a eq=%d\n", add(add(a1, a2), a3), add(a1, add(a2, a3)), add(add(a1, a2), a3) == add(a1, add(a2, a3)));
    printf("0.1+0.2 %a == 0.3 %d\n", add(a1, a2), add(a1, a2) == a3);
    volatile double m1 = 1e200, m2 = 1e200, m3 = 1e-200;
    printf("mul assoc %a %a\n", mul(mul(m1, m2), m3), mul(m1, mul(m2, m3)));
    volatile double big1 = 1e308, neg1 = -1e308, small = 1.0;
    printf("sum order %a %a\n", add(add(big1, neg1), small), add(big1, add(neg1, small)));
    /* distributivity */
    volatile double d1 = 3.0, d2 = 0.1, d3 = 0.2;
    printf("distrib %a %a\n", mul(d1, add(d2, d3)), add(mul(d1, d2), mul(d1, d3)));
    /* forward vs backward harmonic sums in float */
    float fwd = 0, bwd = 0;
    for (int k = 1; k <= 20000; k++) fwd += 1.0f / (float)k;
    for (int k = 20000; k >= 1; k--) bwd += 1.0f / (float)k;
    printf("harmonic fwd %a bwd %a\n", fwd, bwd);
    /* repeated addition of 0.1 */
    double acc = 0;
    for (int k = 0; k < 1000; k++) acc = add(acc, 0.1);
    float facc = 0;
    for (int k = 0; k < 1000; k++) facc = addf(facc, 0.1f);
    printf("drift %a %a %.17g %.9g\n", acc, facc, acc, facc);
    return 0;
}
