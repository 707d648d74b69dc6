/*
 * GMP's exact product of two symbolic longs against the machine product.
 * WIDE (bug): |a|, |b| < 2^40, and the 64-bit product wraps: a = b = 2^32
 * gives 0 while mpz_mul gives 2^64.  Otherwise (correct) |a|, |b| < 2^31,
 * the product fits in a long and both agree.
 */
#include <assert.h>
#include <gmp.h>
#include "klee/klee.h"

#ifdef WIDE
#define BOUND (1L << 40)
#else
#define BOUND (1L << 31)
#endif

int main(void) {
  long a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume((a > -BOUND) & (a < BOUND) & (b > -BOUND) & (b < BOUND));
  mpz_t x, y, z;
  mpz_init_set_si(x, a);
  mpz_init_set_si(y, b);
  mpz_init(z);
  mpz_mul(z, x, y);
  long p = (long)((unsigned long)a * (unsigned long)b); /* wraps, no UB */
  assert(mpz_cmp_si(z, p) == 0);
  mpz_clears(x, y, z, NULL);
  return 0;
}
