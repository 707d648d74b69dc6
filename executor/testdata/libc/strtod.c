// strtod, strtof, strtold, atof: endptr, errno and rounding-mode dependence.
#include <errno.h>
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>

static const char *inputs[] = {"0", "1.5", "  -2.25e3xyz", "0.1", "1e400", "-1e-400", "4.9e-324", "2.4e-324",
                               "1e-310", "0x1.8p1", "0X1P-1074", "inf", "-INFINITY", "nan", "nan(0x123)",
                               "  +.5", ".", "e5", "1e", "1e+", "0x", "abc", "", "123456789012345678901234567890",
                               "3.40282357e38", "1.17549435e-38", "0.30000000000000004441", "1.00000000000000011102230246251565404236316680908203125",
                               "6.103515625e-05", "1e4932", "1e5000", "3.6e-4951"};
static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

int main(void) {
  for (int m = 0; m < 4; m++) {
    fesetround(modes[m]);
    printf("== mode %d\n", m);
    for (unsigned i = 0; i < sizeof inputs / sizeof *inputs; i++) {
      const char *s = inputs[i];
      char *end;
      errno = 0;
      double d = strtod(s, &end);
      int ed = errno;
      long nd = end - s;
      errno = 0;
      float f = strtof(s, &end);
      int ef = errno;
      long nf = end - s;
      errno = 0;
      long double l = strtold(s, &end);
      int el = errno;
      long nl = end - s;
      errno = 0;
      double a = atof(s);
      printf("[%s] %a %ld %d | %a %ld %d | %La %ld %d | %a %d\n", s, d, nd, ed, (double)f, nf, ef, l, nl, el, a, errno);
    }
  }
  /* endptr may be NULL; the string need not end right after the number. */
  char buf[8] = {'1', '.', '2', '5', 'x', 'y', 'z', 0};
  printf("%g\n", strtod(buf, NULL));
  return 0;
}
