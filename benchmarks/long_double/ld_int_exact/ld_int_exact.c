/*
 * Integer round trips through floating point: x86 long double has a
 * 64-bit significand and holds every uint64_t exactly; double does not
 * hold 2^53 + 1.
 *
 * n <= 2^63, so (double)n <= 2^63 and the conversion back is defined.
 * LD (correct): (uint64_t)(long double)n == n.
 * Default (bug): n = 2^53 + 1 = 9007199254740993 rounds to 2^53.
 */
#include <assert.h>
#include <stdint.h>
#include "klee/klee.h"

#ifdef LD
typedef long double wide_t;
#else
typedef double wide_t;
#endif

int main(void) {
  uint64_t n;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n <= (1ull << 63));
  wide_t x = (wide_t)n;
  assert((uint64_t)x == n);
  return 0;
}
