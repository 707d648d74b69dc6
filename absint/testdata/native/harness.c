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
static int profile;

static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

__attribute__((constructor)) static void init(void) {
  const char *s = getenv("ABSINT_SEED"), *m = getenv("ABSINT_MODE");
  if (s) {
    rng ^= strtoull(s, 0, 10) * 0x9E3779B97F4A7C15ull;
    profile = (int)(strtoull(s, 0, 10) % 4);
  }
  setvbuf(stdout, 0, _IOLBF, 0);
  if (m) {
    int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
    fesetround(modes[atoi(m) & 3]);
  }
}

/* A run draws from one profile (ABSINT_SEED % 4): uniform in [-1, 1],
   [0, 1], [0, 100] or [-1000, 1000], with the profile's ends and 0 one
   draw in ten (a filter fed its extreme input converges to its bound),
   and one draw in a hundred a boundary value of IEEE (NaN, ±0, ±INF,
   subnormals, the extremes) or random bits. An assume that fails ends
   the run, so in-profile draws keep runs long. */
static const double lo[] = {-1.0, 0.0, 0.0, -1000.0}, hi[] = {1.0, 1.0, 100.0, 1000.0};

static double pick(void) {
  static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 4.9e-324, -4.9e-324,
                                   2.2250738585072014e-308, DBL_MAX, -DBL_MAX, 1.401298464324817e-45, FLT_MAX,
                                   -FLT_MAX, 1.1754942106924411e-38};
  uint64_t r = next();
  double l = lo[profile], h = hi[profile];
  if (r % 100 == 0) {
    if ((r >> 8) & 1) {
      double d;
      uint64_t b = next();
      memcpy(&d, &b, 8);
      return d;
    }
    return special[(r >> 9) % (sizeof special / sizeof special[0])];
  }
  switch (r % 10) {
  case 1:
    return l;
  case 2:
    return h;
  case 3:
    return 0.0;
  }
  return l + (h - l) * ((double)(next() >> 11) / 9007199254740992.0);
}

float __VERIFIER_nondet_float(void) { return (float)pick(); }
double __VERIFIER_nondet_double(void) { return pick(); }
int __VERIFIER_nondet_int(void) {
  uint64_t r = next();
  return r % 20 == 0 ? (int)(uint32_t)next() : (int)(r % 4);
}
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
