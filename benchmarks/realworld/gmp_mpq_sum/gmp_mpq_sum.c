/*
 * 1/a + 1/b for symbolic a, b in [1, 8] with GMP's rationals (mpq_add,
 * canonical form through gcd) against doubles.  DOUBLE (bug): the double
 * sum 1.0/a + 1.0/b is compared with the exact sum converted by
 * mpq_get_d, and differs in the last bit for a = 1, b = 6 (two rounded
 * quotients and a rounded sum).  Otherwise (correct) the sum is compared
 * with the rational (a + b) / (a b), exactly.
 */
#include <assert.h>
#include <gmp.h>
#include "klee/klee.h"

int main(void) {
  int a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume((a >= 1) & (a <= 8) & (b >= 1) & (b <= 8));
  mpq_t x, y, s;
  mpq_inits(x, y, s, NULL);
  mpq_set_si(x, 1, (unsigned long)a);
  mpq_set_si(y, 1, (unsigned long)b);
  mpq_add(s, x, y);
#ifdef DOUBLE
  assert(mpq_get_d(s) == 1.0 / a + 1.0 / b);
#else
  mpq_t t;
  mpq_init(t);
  mpq_set_si(t, a + b, (unsigned long)(a * b));
  mpq_canonicalize(t);
  assert(mpq_equal(s, t));
  mpq_clear(t);
#endif
  mpq_clears(x, y, s, NULL);
  return 0;
}
