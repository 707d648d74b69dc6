// The flags after each operation kind, returned as the exit status: each
// path's status is compared with the native run's (fetestexcept on the
// hardware), over the paths the flag conditions split the inputs into.
// expect-errors: 0
// slow: dozens of solver queries on the flag conditions
// expect-minpaths: 8
#include <fenv.h>
#include <math.h>
#include "klee/klee.h"

int main(void) {
  float x, y;
  double d;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&d, sizeof d, "d");
  int op = klee_range(0, 7, "op");
  feclearexcept(FE_ALL_EXCEPT);
  volatile float vf;
  volatile int vi;
  switch (op) {
  case 0: vf = x * y; break;
  case 1: vf = x / y; break;
  case 2: vf = x - y; break;
  case 3: vf = (float)d; break;
  case 4: vi = (int)x; break;
  case 5: vf = sqrtf(x); break;
  case 6: vf = (float)(int)d; break;
  }
  int fl = fetestexcept(FE_ALL_EXCEPT);
  int r = 0;
  if (fl & FE_INVALID) r |= 1;
  if (fl & FE_DIVBYZERO) r |= 2;
  if (fl & FE_OVERFLOW) r |= 4;
  if (fl & FE_UNDERFLOW) r |= 8;
  if (fl & FE_INEXACT) r |= 16;
  return r;
}
