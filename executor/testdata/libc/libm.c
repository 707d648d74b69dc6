// libm: float, double and long double versions of the math.h functions on
// ordinary and special inputs under every rounding mode, with errno.
#define _GNU_SOURCE
#include <errno.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>

static volatile double vd[] = {0.0, -0.0, 0.5, -0.75, 1.0, 2.0, 3.7, -10.25, 100.0, 1e-310, 1e300, -1e300,
                               INFINITY, -INFINITY, NAN, 0.7853981633974483, 710.0, -745.5};
#define ND (sizeof vd / sizeof *vd)
static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

#define F1(fn)                                                                  \
  do {                                                                          \
    printf("%-10s", #fn);                                                       \
    for (unsigned i = 0; i < ND; i++) {                                         \
      errno = 0;                                                                \
      double d = fn(vd[i]);                                                     \
      int e1 = errno;                                                           \
      errno = 0;                                                                \
      float f = fn##f((float)vd[i]);                                            \
      int e2 = errno;                                                           \
      errno = 0;                                                                \
      long double l = fn##l((long double)vd[i]);                                \
      int e3 = errno;                                                           \
      printf(" %a/%d %a/%d %La/%d", d, e1, (double)f, e2, l, e3);               \
    }                                                                           \
    putchar('\n');                                                              \
  } while (0)

#define F2(fn)                                                                  \
  do {                                                                          \
    printf("%-10s", #fn);                                                       \
    for (unsigned i = 0; i < ND; i += 2)                                        \
      for (unsigned j = 1; j < ND; j += 3) {                                    \
        errno = 0;                                                              \
        double d = fn(vd[i], vd[j]);                                            \
        int e1 = errno;                                                         \
        errno = 0;                                                              \
        float f = fn##f((float)vd[i], (float)vd[j]);                            \
        int e2 = errno;                                                         \
        errno = 0;                                                              \
        long double l = fn##l((long double)vd[i], (long double)vd[j]);          \
        int e3 = errno;                                                         \
        printf(" %a/%d %a/%d %La/%d", d, e1, (double)f, e2, l, e3);             \
      }                                                                         \
    putchar('\n');                                                              \
  } while (0)

#define FI(fn)                                                                  \
  do {                                                                          \
    printf("%-10s", #fn);                                                       \
    for (unsigned i = 0; i < ND; i++) {                                         \
      errno = 0;                                                                \
      long d = fn(vd[i]);                                                       \
      int e1 = errno;                                                           \
      errno = 0;                                                                \
      long f = fn##f((float)vd[i]);                                             \
      int e2 = errno;                                                           \
      errno = 0;                                                                \
      long l = fn##l((long double)vd[i]);                                       \
      int e3 = errno;                                                           \
      printf(" %ld/%d %ld/%d %ld/%d", d, e1, f, e2, l, e3);                     \
    }                                                                           \
    putchar('\n');                                                              \
  } while (0)

int main(void) {
  for (int m = 0; m < 4; m++) {
    fesetround(modes[m]);
    printf("== mode %d\n", m);
    F1(sin); F1(cos); F1(tan); F1(asin); F1(acos); F1(atan); F1(sinh); F1(cosh); F1(tanh);
    F1(asinh); F1(acosh); F1(atanh); F1(exp); F1(exp2); F1(exp10); F1(expm1); F1(log); F1(log10);
    F1(log2); F1(log1p); F1(logb); F1(sqrt); F1(cbrt); F1(ceil); F1(floor); F1(trunc); F1(round);
    F1(roundeven); F1(rint); F1(nearbyint); F1(erf); F1(erfc); F1(lgamma); F1(tgamma); F1(j0); F1(j1);
    F1(y0); F1(y1); F1(fabs);
    F2(atan2); F2(pow); F2(hypot); F2(fmod); F2(remainder); F2(fdim); F2(fmax); F2(fmin);
    F2(nextafter); F2(copysign);
    FI(lround); FI(llround); FI(lrint); FI(llrint); FI(ilogb);
  }
  fesetround(FE_TONEAREST);
  for (unsigned i = 0; i < ND; i++) {
    double x = vd[i];
    int e = 0, q = 0, sg = 0;
    double ip = 0, s = 0, c = 0;
    errno = 0;
    double fr = frexp(x, &e);
    double mf = modf(x, &ip);
    double rq = remquo(x, 0.75, &q);
    double lg = lgamma_r(x, &sg);
    sincos(x, &s, &c);
    float fip = 0;
    float fmf = modff((float)x, &fip);
    long double lip = 0;
    long double lmf = modfl((long double)x, &lip);
    int le = 0;
    long double lfr = frexpl((long double)x, &le);
    printf("%a: frexp %a %d modf %a %a remquo %a %d lgamma_r %a %d sincos %a %a modff %a %a modfl %La %La frexpl %La %d errno %d\n",
           x, fr, e, mf, ip, rq, q, lg, sg, s, c, (double)fmf, (double)fip, lmf, lip, lfr, le, errno);
    errno = 0;
    printf("  ldexp %a %a %La scalbn %a scalbln %a nexttoward %a %a fma %a %a %La jn %a yn %a errno %d\n",
           ldexp(x, 3), (double)ldexpf((float)x, -200), ldexpl(x, 20000), scalbn(x, -1080), scalbln(x, 5L),
           nexttoward(x, 1e-4000L), (double)nexttowardf((float)x, INFINITY), fma(x, x, -1.0),
           (double)fmaf((float)x, 3.0f, 0.5f), fmal(x, x, 1e-30L), jn(3, x), yn(2, x), errno);
  }
  printf("nan: %a %a %La %a\n", nan(""), (double)nanf("0x1234"), nanl("42"), nan("junk"));
  printf("classify: %d %d %d %d %d\n", fpclassify(vd[9]), isinf(vd[12]), isnan(vd[14]), signbit(vd[1]), isfinite(vd[10]));
  return 0;
}
