/*
 * GMP's truncating division by a divisor the symbolic input chooses.
 * BUG: the divisor is not checked: the input that chooses 0 makes
 * mpz_tdiv_q call __gmp_divide_by_zero, which raises SIGFPE (GMP's
 * errno.c), and the process dies of that signal, as GMP documents for a
 * division by zero.  Otherwise (correct) a zero divisor is refused before
 * dividing, and every quotient is the one C's truncating division gives.
 * (The input picks the divisor by a branch: GMP's 128-by-64-bit division
 * of a divisor left symbolic is beyond the SMT solvers in minutes.)
 */
#include <assert.h>
#include <gmp.h>
#include "klee/klee.h"

int main(void) {
  const long n = 1000003;
  int k;
  klee_make_symbolic(&k, sizeof k, "k");
  long d;
  if (k == 0)
    d = 0;
  else if (k > 0)
    d = 7;
  else
    d = -3;
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
