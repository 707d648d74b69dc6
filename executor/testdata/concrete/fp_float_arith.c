// Single-precision arithmetic kept in float (no implicit double): mixed float/int operations,
// float accumulation, float division results, compound assignment, float in structs/arrays,
// float function args and returns, float vs double evaluation of the same expression.
#include <stdio.h>

struct Vec3 { float x, y, z; };

__attribute__((noinline)) static float dot(struct Vec3 a, struct Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__attribute__((noinline)) static struct Vec3 cross(struct Vec3 a, struct Vec3 b) {
    struct Vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
__attribute__((noinline)) static float poly(float x) { return ((3.0f * x - 2.0f) * x + 0.5f) * x - 0.1f; }
__attribute__((noinline)) static double polyd(double x) { return ((3.0 * x - 2.0) * x + 0.5) * x - 0.1; }

int main(void) {
    /* volatile sources: constant arguments would let -O2 fold the llvm.fmuladd calls
       (fp-contract=on) with fused semantics, while native code computes them unfused */
    static volatile float src[6] = {1.1f, -2.2f, 3.3f, 0.7f, 0.25f, -1.0f / 3.0f};
    struct Vec3 a = {src[0], src[1], src[2]}, b = {src[3], src[4], src[5]};
    struct Vec3 c = cross(a, b);
    printf("dot %a cross %a %a %a dot0 %a\n", dot(a, b), c.x, c.y, c.z, dot(c, a));
    volatile float xs[] = {0.1f, 0.3333333f, -1.7f, 100.25f, 1e-3f};
    for (int i = 0; i < 5; i++) printf("poly %a %a %a\n", xs[i], poly(xs[i]), polyd(xs[i]));
    float arr[50];
    for (int i = 0; i < 50; i++) arr[i] = (float)i / 7.0f;
    float s = 0.0f;
    for (int i = 0; i < 50; i++) { s += arr[i]; s *= 0.99f; s -= 0.001f; }
    printf("accum %a\n", s);
    volatile int n = 3;
    volatile float f = 0.1f;
    float m = f * n + n / 2;
    float m2 = f / n;
    printf("mixed %a %a %a\n", m, m2, (float)(n * 3) / 4);
    float ff = 1.0f;
    for (int i = 0; i < 30; i++) ff *= 1.7f;
    double dd = 1.0;
    for (int i = 0; i < 30; i++) dd *= 1.7f;
    printf("powers %a %a\n", ff, dd);
    volatile float p = 16777216.0f;
    p += 1.0f;
    p += 1.0f;
    printf("plus one %a\n", p);
    float q = 1.0f;
    q /= 3.0f; q *= 3.0f; q -= 1.0f;
    printf("third %a\n", q);
    return 0;
}
