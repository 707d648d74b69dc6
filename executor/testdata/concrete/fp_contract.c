// a * b + c under clang's default -ffp-contract=on becomes llvm.fmuladd
// (llvm.experimental.constrained.fmuladd under FENV_ACCESS): fused where
// the target has FMA (-march=x86-64-v3), two roundings otherwise.
#include <fenv.h>
#include <stdio.h>

__attribute__((noinline)) static double mad(double a, double b, double c) { return a * b + c; }
__attribute__((noinline)) static float madf(float a, float b, float c) { return a * b + c; }
__attribute__((noinline)) static long double madl(long double a, long double b, long double c) { return a * b + c; }

#pragma STDC FENV_ACCESS ON
__attribute__((noinline)) static double mad_env(double a, double b, double c) { return a * b + c; }
__attribute__((noinline)) static float madf_env(float a, float b, float c) { return a * b + c; }
#pragma STDC FENV_ACCESS OFF

__attribute__((noinline)) static void axpy(double *y, const double *x, double a, int n) {
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}

int main(void) {
    volatile double a = 1.1, c = -1.21;
    volatile float af = 1.1f, cf = -1.21f;
    volatile long double al = 1.1L, cl = -1.21L;
    printf("mad %a madf %a madl %La\n", mad(a, a, c), madf(af, af, cf), madl(al, al, cl));
    printf("env %a %a\n", mad_env(a, a, c), madf_env(af, af, cf));
    fesetround(FE_UPWARD);
    printf("env up %a %a\n", mad_env(a, a, c), madf_env(af, af, cf));
    fesetround(FE_TONEAREST);
    double x[37], y[37];
    for (int i = 0; i < 37; i++) { x[i] = 1.0 / (i + 3); y[i] = -x[i] * (i + 1); }
    axpy(y, x, 3.3, 37);
    for (int i = 0; i < 37; i += 6) printf("axpy %d %a\n", i, y[i]);
    return 0;
}
