// realloc: a buffer of 2 samples grown to 4 keeps its first two (the
// bytes move with the block), then is reallocated at one site in a loop
// (the recency abstraction: the old block is the site's older summary,
// freed; the new one is strong).
// expect: proved
#include <stdlib.h>
#include "observe.h"
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
#define CHECK(c) do { if (!(c)) __assert_fail(#c, __FILE__, __LINE__, __func__); } while (0)
int main(void) {
  float *b = malloc(2 * sizeof *b);
  if (!b) return 1;
  b[0] = 0.25f;
  b[1] = 0.5f;
  float *c = realloc(b, 4 * sizeof *c);
  if (!c) {
    free(b);
    return 1;
  }
  c[2] = c[0] + c[1];
  c[3] = 0.0f;
  OBSERVE(c[2]);
  CHECK(c[2] == 0.75f);
  free(c);
  // A pointer joins one object (or null): the loop's block comes from
  // realloc(NULL, n) at the loop's own site.
  float *p = NULL;
  for (int i = 0; i < 1000; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    float *d = realloc(p, 4 * sizeof *d);
    if (!d) break;
    p = d;
    if (i > 0) OBSERVE(p[1]); // last iteration's, moved with the block
    p[1] = 0.5f * x;
    p[0] = x;
    float s = p[0] + p[1];
    OBSERVE(s);
    CHECK(s >= -1.5f && s <= 1.5f);
  }
  free(p);
  return 0;
}
