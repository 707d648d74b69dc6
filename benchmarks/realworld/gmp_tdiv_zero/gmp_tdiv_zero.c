/*
 * GMP's truncating division by a symbolic divisor.  BUG: the divisor is
 * not checked: d = 0 makes mpz_tdiv_q call __gmp_divide_by_zero, which
 * raises SIGFPE (GMP's errno.c), and the process dies of that signal, as
 * GMP documents for a division by zero.  Otherwise (correct) a zero
 * divisor is refused before dividing, and the quotient is the one C's
 * truncating division gives.
 */
#include <assert.h>
#include <gmp.h>
#include "klee/klee.h"

int main(void) {
  const long n = 1000003; /* a prime: no divisor but 1 divides it */
  long d;
  klee_make_symbolic(&d, sizeof d, "d");
  klee_assume((d >= -2) & (d <= 2));
  mpz_t q, x, y;
  mpz_init(q);
  mpz_init_set_si(x, n);
  mpz_init_set_si(y, d);
#ifndef BUG
  if (d == 0)
    return 2; /* refused: division by zero */
#endif
  mpz_tdiv_q(q, x, y);
  assert(mpz_cmp_si(q, n / d) == 0);
  mpz_clears(q, x, y, NULL);
  return 0;
}
