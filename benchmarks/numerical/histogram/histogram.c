/*
 * Histogram binning: bin i = (int)((x - LO) / W) for x in [LO, HI) with
 * W = (HI - LO) / N.  Over the reals i < N, but x - LO can round up to
 * HI - LO: x = 1 - 2^-24 (the largest float below HI = 1) gives
 * x + 1 = 2 - 2^-24, a tie that rounds to 2, and 2 / 0.2f rounds to 10:
 * hist[10] is written out of bounds.
 *
 * Default (bug): the write hist[i] with i = N for x = 0x1.fffffep-1.
 * CLAMP (correct, checked exhaustively): i is clamped to N - 1; x >= LO
 *   makes x - LO >= 0, so 0 <= i <= N and the conversion is in range.
 */
#include "klee/klee.h"

#define LO (-1.0f)
#define HI 1.0f
#define N 10

int main(void) {
  float x;
  int hist[N] = {0};
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= LO) & (x < HI));
  const float w = (HI - LO) / N;
  int i = (int)((x - LO) / w);
#ifdef CLAMP
  if (i > N - 1)
    i = N - 1;
#endif
  hist[i]++;
  return hist[0];
}
