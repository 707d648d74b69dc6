// printf family: floating-point conversions under every rounding mode,
// double and long double, special values, flags, width and precision.
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

static volatile double vd[] = {0.0, -0.0, 1.0, -1.5, 0.1, 2.5, 0.125, 1e-5, 123456.789, 1e300, -1e-300,
                               4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                               3.141592653589793, 1.0 / 3.0, 999999.5, 0.05, 5e-324 * 3};
static volatile long double vl[] = {0.0L, -0.0L, 1.0L, 0.1L, 2.5L, 1.0L / 3.0L, 1e4000L, -1e-4000L,
                                    3.3621031431120935063e-4932L, 1.18973149535723176502e+4932L};
static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

int main(void) {
  const char *dfmts[] = {"%f", "%.0f", "%.1f", "%.3f", "%.20f", "%e", "%.0e", "%.3E", "%g", "%.0g", "%.10g",
                         "%#g", "%#.0f", "%a", "%.0a", "%.3A", "%+012.4f", "%-14.2e|", "% .5g", "%F", "%G"};
  for (int m = 0; m < 4; m++) {
    fesetround(modes[m]);
    printf("== mode %d\n", m);
    for (unsigned i = 0; i < sizeof dfmts / sizeof *dfmts; i++) {
      printf("%-10s", dfmts[i]);
      for (unsigned j = 0; j < sizeof vd / sizeof *vd; j++) {
        putchar(' ');
        printf(dfmts[i], vd[j]);
      }
      putchar('\n');
    }
  }
  fesetround(FE_TONEAREST);
  const char *lfmts[] = {"%Lf", "%.0Lf", "%.25Lf", "%Le", "%.18Le", "%Lg", "%.21Lg", "%La", "%.2La", "%LA"};
  for (int m = 0; m < 4; m++) {
    fesetround(modes[m]);
    printf("== long double mode %d\n", m);
    for (unsigned i = 0; i < sizeof lfmts / sizeof *lfmts; i++) {
      printf("%-8s", lfmts[i]);
      for (unsigned j = 0; j < sizeof vl / sizeof *vl; j++) {
        putchar(' ');
        printf(lfmts[i], vl[j]);
      }
      putchar('\n');
    }
  }
  fesetround(FE_TONEAREST);
  volatile double inf = INFINITY, nan = NAN;
  volatile long double linf = INFINITY;
  printf("[%f] [%F] [%e] [%g] [%a] [%10.3f] [%-10f] [%+f] [%010f]\n", inf, -inf, inf, -inf, inf, inf, -inf, inf, inf);
  printf("[%f] [%F] [%e] [%G] [%a] [%10f] [%-+10f]\n", nan, -nan, nan, -nan, nan, nan, nan);
  printf("[%Lf] [%Le] [%La]\n", linf, -linf, linf);
  printf("%.60f\n%.40e\n%.17g\n", vd[4], vd[15], vd[14]);
  printf("%5000.3000f|\n", vd[2]);
  int r = printf("%.340f\n", vd[11]);
  printf("r=%d\n", r);
  r = printf("%Lf\n", vl[6]);
  printf("r=%d\n", r);
  return 0;
}
