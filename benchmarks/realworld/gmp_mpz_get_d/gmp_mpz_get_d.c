/*
 * mpz_get_d truncates (rounds toward zero) while the double product
 * rounds to nearest.  The product of two symbolic unsigned ints is formed
 * exactly with mpz_mul_ui and converted.  WIDE (bug): a, b < 2^32, and
 * a = 2^27 + 1, b = 2^27 + 3 give 2^54 + 2^29 + 3, which mpz_get_d
 * truncates to 2^54 + 2^29 and (double)a * (double)b rounds up to
 * 2^54 + 2^29 + 4.  Otherwise (correct) a, b < 2^26: the product has at
 * most 52 bits and both are exact.
 */
#include <assert.h>
#include <gmp.h>
#include "klee/klee.h"

#ifdef WIDE
#define BOUND 0xffffffffUL
#else
#define BOUND (1UL << 26)
#endif

int main(void) {
  unsigned ua, ub;
  klee_make_symbolic(&ua, sizeof ua, "a");
  klee_make_symbolic(&ub, sizeof ub, "b");
  unsigned long a = ua, b = ub;
  klee_assume((a < BOUND) & (b < BOUND));
  mpz_t z;
  mpz_init_set_ui(z, a);
  mpz_mul_ui(z, z, b);
  double exact = mpz_get_d(z);
  assert(exact == (double)a * (double)b);
  mpz_clear(z);
  return 0;
}
