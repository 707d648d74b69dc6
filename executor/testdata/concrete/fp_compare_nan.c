// All floating comparison kinds (ordered/unordered predicates) on float, double and long double
// with NaN, infinities, signed zeros: == != < <= > >= !(a<b) etc., isless/isgreater/
// islessequal/isgreaterequal/islessgreater/isunordered, and comparisons used in branches.
#include <math.h>
#include <stdio.h>

__attribute__((noinline)) static unsigned cmpd(double a, double b) {
    unsigned m = 0;
    m |= (a == b) << 0; m |= (a != b) << 1; m |= (a < b) << 2; m |= (a <= b) << 3;
    m |= (a > b) << 4; m |= (a >= b) << 5; m |= !(a < b) << 6; m |= !(a <= b) << 7;
    m |= !(a > b) << 8; m |= !(a >= b) << 9; m |= !(a == b) << 10;
    m |= (isless(a, b) != 0) << 11; m |= (isgreater(a, b) != 0) << 12;
    m |= (islessequal(a, b) != 0) << 13; m |= (isgreaterequal(a, b) != 0) << 14;
    m |= (islessgreater(a, b) != 0) << 15; m |= (isunordered(a, b) != 0) << 16;
    return m;
}
__attribute__((noinline)) static unsigned cmpf(float a, float b) {
    unsigned m = 0;
    m |= (a == b) << 0; m |= (a != b) << 1; m |= (a < b) << 2; m |= (a <= b) << 3;
    m |= (a > b) << 4; m |= (a >= b) << 5; m |= !(a < b) << 6; m |= (isunordered(a, b) != 0) << 7;
    m |= (islessgreater(a, b) != 0) << 8;
    return m;
}
__attribute__((noinline)) static unsigned cmpl(long double a, long double b) {
    unsigned m = 0;
    m |= (a == b) << 0; m |= (a != b) << 1; m |= (a < b) << 2; m |= (a <= b) << 3;
    m |= (a > b) << 4; m |= (a >= b) << 5; m |= !(a >= b) << 6; m |= (isunordered(a, b) != 0) << 7;
    m |= (isless(a, b) != 0) << 8;
    return m;
}
__attribute__((noinline)) static const char *branch(double a, double b) {
    if (a < b) return "lt";
    if (a > b) return "gt";
    if (a == b) return "eq";
    return "unord";
}

int main(void) {
    volatile double v[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, -NAN, 1e-320, 2.0};
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            printf("d %d %d: %05x %s\n", i, j, cmpd(v[i], v[j]), branch(v[i], v[j]));
    volatile float f[] = {0.0f, -0.0f, 1.0f, INFINITY, NAN, 1e-45f};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) printf("f %d %d: %03x\n", i, j, cmpf(f[i], f[j]));
    volatile long double l[] = {0.0L, -0.0L, 1.0L, -INFINITY, NAN, 0x1p-16445L};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) printf("L %d %d: %03x\n", i, j, cmpl(l[i], l[j]));
    /* NaN != NaN, self comparisons, select via ternary */
    volatile double n = NAN;
    printf("self %d %d %d\n", n == n, n != n, v[2] == v[2]);
    double mx = v[6] > v[2] ? v[6] : v[2];
    double mn = v[2] < v[6] ? v[2] : v[6];
    printf("sel %a %d\n", mx, isnan(mn) != 0);
    /* count of values smaller than each, NaN counted in none */
    for (int i = 0; i < 10; i++) {
        int c = 0;
        for (int j = 0; j < 10; j++) c += v[j] < v[i];
        printf("rank %d = %d\n", i, c);
    }
    return 0;
}
