// strerror, perror, getenv (no environment under floatsym: NULL; the test
// asks for a variable that is unset natively too), llvm.powi via
// __builtin_powi under every rounding mode.
#include <errno.h>
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile double vx[] = {1.1, -3.3, 0.5, 1e10, 7.0};
static volatile int vn[] = {0, 1, 2, 3, 7, 31, -1, -5, 100, -2147483647 - 1};
static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

int main(void) {
  for (int e = 0; e < 40; e += 3)
    printf("%d: %s\n", e, strerror(e));
  printf("%s\n", strerror(12345));
  errno = ERANGE;
  perror("perror");
  printf("getenv: %p\n", (void *)getenv("FLOATSYM_SURELY_UNSET_VARIABLE"));
  for (int m = 0; m < 4; m++) {
    fesetround(modes[m]);
    for (unsigned i = 0; i < sizeof vx / sizeof *vx; i++) {
      printf("mode %d x %g:", m, vx[i]);
      for (unsigned j = 0; j < sizeof vn / sizeof *vn; j++)
        printf(" %a %a %La", __builtin_powi(vx[i], vn[j]), (double)__builtin_powif((float)vx[i], vn[j]),
               __builtin_powil((long double)vx[i], vn[j]));
      printf("\n");
    }
  }
  return 0;
}
