// A second-order IIR filter whose state lives in a malloc'd struct (a
// filter object as a library would allocate it): y = 1.5*y1 - 0.7*y2 +
// 0.5*x, |x| <= 1, bounded by about 4.64. The heap object is allocated
// once, by a helper (strong updates of its cells), so the filter domain
// finds its state cells as it does for locals (the step is written in
// the loop: the filter domain replays no call).
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
struct iir {
  double y1, y2;
};
static struct iir *iir_new(void) {
  struct iir *f = malloc(sizeof *f);
  if (!f) return 0;
  f->y1 = 0.0;
  f->y2 = 0.0;
  return f;
}
int main(void) {
  struct iir *f = iir_new();
  if (!f) return 1;
  for (int i = 0; i < 1000000; i++) {
    OBSERVE(f->y1);
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x >= -1.0 && x <= 1.0);
    double y = 1.5 * f->y1 - 0.7 * f->y2 + 0.5 * x;
    f->y2 = f->y1;
    f->y1 = y;
    OBSERVE(y);
    CHECK(y >= -10.0 && y <= 10.0);
  }
  free(f);
  return 0;
}
