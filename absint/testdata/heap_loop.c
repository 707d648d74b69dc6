// A loop allocating a fresh cell every iteration (a summary object: the
// site runs many times, so its cells are updated weakly), each holding a
// clamped sample; the newest is read back and kept in a list of
// pointers, never freed inside the loop.
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
struct sample {
  float v;
  int n;
};
int main(void) {
  float acc = 0.0f;
  for (int i = 0; i < 1000; i++) {
    struct sample *p = malloc(sizeof *p);
    if (!p) return 1;
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -2.0f && x <= 2.0f);
    p->v = x > 1.0f ? 1.0f : x < -1.0f ? -1.0f : x;
    p->n = i;
    float v = p->v;
    OBSERVE(v);
    CHECK(v >= -1.0f && v <= 1.0f);
    acc = 0.5f * acc + 0.5f * v;
    OBSERVE(acc);
    CHECK(acc >= -1.0f && acc <= 1.0f);
  }
  return 0;
}
