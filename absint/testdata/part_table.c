// Interpolation in a zigzag table at an integer index i in [0, 3]: the
// hull of the entries gives v in [-10, 20]; split by the index (value
// partitioning at the read of the read-only table) each part reads exact
// entries and v stays in [0, 10].
// expect: proved
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
static const double tab[5] = {0.0, 10.0, 0.0, 10.0, 0.0};
int main(void) {
  for (int k = 0; k < 100000; k++) {
    int i = __VERIFIER_nondet_int();
    double t = __VERIFIER_nondet_double();
    __VERIFIER_assume(i >= 0 && i <= 3);
    __VERIFIER_assume(t >= 0.0 && t <= 1.0);
    double v = tab[i] + t * (tab[i + 1] - tab[i]);
    OBSERVE(v);
    CHECK(v >= 0.0 && v <= 10.0);
  }
  return 0;
}
