// _Bool semantics: conversion of any nonzero value (incl. floats, NaN, pointers) to 1,
// logical operators, short circuit, bool arithmetic, arrays of bool.
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

static int calls;
__attribute__((noinline)) static bool side(bool v) { calls++; return v; }
__attribute__((noinline)) static _Bool tobool_i(long v) { return v; }
__attribute__((noinline)) static _Bool tobool_d(double v) { return v; }
__attribute__((noinline)) static _Bool tobool_p(const void *p) { return p; }

int main(void) {
    volatile long ints[] = {0, 1, -1, 2, 256, 1L << 40, -9223372036854775807L - 1};
    for (int i = 0; i < 7; i++) printf("int %ld -> %d\n", ints[i], tobool_i(ints[i]));
    volatile double ds[] = {0.0, -0.0, 0.5, -1e-310, INFINITY, NAN, 1e300};
    for (int i = 0; i < 7; i++) printf("dbl %a -> %d\n", ds[i], tobool_d(ds[i]));
    int x = 5;
    printf("ptr %d %d\n", tobool_p(&x), tobool_p(0));
    volatile bool t = true, f = false;
    calls = 0;
    bool r1 = side(f) && side(t);
    bool r2 = side(t) || side(f);
    bool r3 = side(t) && side(f);
    bool r4 = side(f) || side(t);
    printf("sc %d %d %d %d calls=%d\n", r1, r2, r3, r4, calls);
    printf("ops %d %d %d %d %d %d\n", t + t, t - f, !t, t ^ t, (int)t & f, (int)t | f);
    bool acc = false;
    for (int i = 0; i < 10; i++) acc ^= (i % 3 == 0);
    printf("acc %d\n", acc);
    bool arr[16];
    for (int i = 0; i < 16; i++) arr[i] = (i * 7) % 5 > 2;
    int cnt = 0;
    for (int i = 0; i < 16; i++) cnt += arr[i];
    printf("count %d size %zu\n", cnt, sizeof arr);
    volatile bool b = 0;
    b = b + 1;
    b = b + 1; /* still 1 */
    printf("b %d\n", b);
    volatile int k = 10;
    bool cmp = k > 3;
    int sel = cmp ? 100 : 200;
    printf("sel %d %d\n", sel, (k < 3) * 7 + (k > 3) * 11);
    return 0;
}
