/* issue 22: every kind of decision a prefix records: branches, a switch,
   klee_assume, a symbolic rounding mode (fesetround forks per mode), a
   symbolic pointer resolved to two objects, a symbolic function pointer,
   a concretisation (a symbolic malloc size) and --check-fp's exception
   checks (run with --check-fp divbyzero). */
#include "klee/klee.h"
#include <assert.h>
#include <fenv.h>
#include <stdlib.h>

static int inc1(int v) { return v + 1; }
static int inc2(int v) { return v + 2; }

int main(void) {
  int r, sel, m;
  double x, d;
  klee_make_symbolic(&r, sizeof r, "r");
  klee_make_symbolic(&sel, sizeof sel, "sel");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&d, sizeof d, "d");
  char *buf = malloc((m & 3) + 1);
  buf[0] = 0;
  free(buf);
  double q = x / d;
  klee_assume(r >= 0 & r < 4);
  static const int modes[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
  fesetround(modes[r]);
  int a[2] = {1, 2}, b[3] = {3, 4, 5};
  int *objs[2] = {a, b};
  int *p = objs[sel & 1];
  int n = p[1];
  int (*fns[2])(int) = {inc1, inc2};
  n = fns[(sel >> 1) & 1](n);
  if (x > 1.0)
    n += 7;
  assert(n != 10 || r != 2);
  (void)q;
  return n;
}
