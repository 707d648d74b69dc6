/*
 * Dot product of a constant vector w with (x, x, ..., x): sum of w[i]*x
 * compared with x * sum(w) = 36 x.  Without -ffast-math LLVM keeps the
 * strict order of an FP reduction (only the multiplications vectorize at
 * -O3); the runner compiles at -O0 unless told otherwise.
 *
 * Default (bug): x = 0.1f (see the spec): the rounded partial sums differ
 *   from 36 x rounded once.
 * INTS (correct): x = (float)k for an integer |k| <= 1000: every product
 *   and partial sum is an integer below 2^24 in magnitude, exact.
 */
#include <assert.h>
#include "klee/klee.h"

#define N 8

static const float w[N] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f};

int main(void) {
  float x;
#ifdef INTS
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume((k >= -1000) & (k <= 1000));
  x = (float)k;
#else
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= -1e3f) & (x <= 1e3f));
#endif
  float sum = 0.0f;
  for (int i = 0; i < N; i++)
    sum += w[i] * x;
  assert(sum == 36.0f * x);
  return 0;
}
