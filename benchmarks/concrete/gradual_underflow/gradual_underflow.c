/*
 * Concrete program: gradual underflow.  FLT_MIN / 2 is a subnormal,
 * nonzero; FLT_MIN * 2^-24 = 2^-150 is half the smallest subnormal, a tie
 * that rounds to even, i.e. to 0.
 *
 * Default (bug): asserts FLT_MIN / 2 > 0 and FLT_MIN * 2^-24 > 0.
 * ROUNDS_TO_ZERO (correct): asserts it is 0 and FLT_MIN / 2 > 0.
 */
#include <assert.h>
#include <float.h>

int main(void) {
  float m = FLT_MIN, half = 0.5f, tiny = 0x1p-24f;
  float h = m * half;
  float t = m * tiny;
#ifdef ROUNDS_TO_ZERO
  assert(t == 0.0f && h > 0.0f);
#else
  assert(h > 0.0f && t > 0.0f);
#endif
  return 0;
}
