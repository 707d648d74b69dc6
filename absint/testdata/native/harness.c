/* The native side of absint's soundness test: SV-COMP's input functions
   draw random values (boundary values among them: NaN, ±0, ±INF,
   subnormals, the extremes) from a seeded generator, assume failures end
   the run, the rounding mode is set from ABSINT_MODE at start, and every
   OBSERVE prints its line and the value's bits. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ull;
static long observed;

static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

__attribute__((constructor)) static void init(void) {
  const char *s = getenv("ABSINT_SEED"), *m = getenv("ABSINT_MODE");
  if (s) rng ^= strtoull(s, 0, 10) * 0x9E3779B97F4A7C15ull;
  if (m) {
    int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
    fesetround(modes[atoi(m) & 3]);
  }
}

static double pick(double scale) {
  static const double special[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 4.9e-324, -4.9e-324,
                                   2.2250738585072014e-308, DBL_MAX, -DBL_MAX, 1.401298464324817e-45, FLT_MAX,
                                   -FLT_MAX, 1.1754942106924411e-38, 0.5, 100.0, -100.0, 1000.0, -1000.0};
  uint64_t r = next();
  switch (r % 10) {
  case 0:
    return special[(r >> 8) % (sizeof special / sizeof special[0])];
  case 1: {
    double d;
    uint64_t b = next();
    memcpy(&d, &b, 8);
    return d;
  }
  default:
    return scale * ((double)(next() >> 11) / 9007199254740992.0 * 2.0 - 1.0);
  }
}

static double scale(void) {
  static const double s[] = {1.0, 1.5, 10.0, 100.0, 1100.0, 1e6};
  return s[next() % 6];
}

float __VERIFIER_nondet_float(void) { return (float)pick(scale()); }
double __VERIFIER_nondet_double(void) { return pick(scale()); }
int __VERIFIER_nondet_int(void) { return (int)(next() % 2001) - 1000; }
void __VERIFIER_assume(int c) {
  if (!c) exit(0);
}

static void seen(void) {
  if (++observed >= 20000) exit(0);
}
void absint_observe_f(float x, int line) {
  uint32_t b;
  memcpy(&b, &x, 4);
  printf("%d f %x\n", line, b);
  seen();
}
void absint_observe_d(double x, int line) {
  uint64_t b;
  memcpy(&b, &x, 8);
  printf("%d d %llx\n", line, (unsigned long long)b);
  seen();
}
void absint_observe_l(long double x, int line) {
  uint64_t lo = 0;
  uint16_t hi = 0;
  memcpy(&lo, &x, 8);
  memcpy(&hi, (char *)&x + 8, 2);
  printf("%d l %llx %x\n", line, (unsigned long long)lo, hi);
  seen();
}
