/*
 * Concrete program (FPSE test 24): x = 1125899973951488.0,
 * y = (float)(x + 1), z = (float)(x - 1), r = y - z = 134217728.0,
 * not 2: x + 1 and x - 1 are exact in double but round to neighbouring
 * floats 2^27 apart.
 *
 * Default (bug): asserts r == 2.
 * EXACT (correct): asserts r == 134217728.
 */
#include <assert.h>

int main(void) {
  double x = 1125899973951488.0, one = 1.0;
  float y = (float)(x + one);
  float z = (float)(x - one);
  float r = y - z;
#ifdef EXACT
  assert(r == 134217728.0f);
#else
  assert(r == 2.0f);
#endif
  return 0;
}
