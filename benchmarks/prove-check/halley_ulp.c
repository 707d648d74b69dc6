/*
 * halley_ulp: a false property a prover must never prove.
 *
 * loops/halley_sqrt itself (K = 5 Halley steps from x = 1, a in [0.25, 4],
 * double), with the bound at the rounding errors' scale: a 4*10^6-point
 * native sweep gives max |x x - a|/a = 0x1.1fd34890a937ep-50 (9.986e-16)
 * at a = 0x1.558a5ce5b4246p+1; the bound here, 0x1.1fp-50, is just below
 * it. Targets the Taylor models' rounding-error noise terms (absint/
 * taylor.go: tmRound). TWIN: the benchmark's bound 1e-12 a.
 * Witness: halley_ulp.witness (checked natively by scripts/prove-check.sh).
 */
#include <assert.h>
#include "svcomp/svcomp.h"

#ifdef TWIN
#define BOUND 1e-12
#else
#define BOUND 0x1.1fp-50
#endif

int main(void) {
  for (int i = 0; i < 1000; i++) {
    double a = __VERIFIER_nondet_double();
    __VERIFIER_assume(a >= 0.25 && a <= 4.0);
    double x = 1.0;
    for (int k = 0; k < 5; k++)
      x = x * (x * x + 3.0 * a) / (3.0 * x * x + a);
    double r = x * x - a;
    assert(r <= BOUND * a && -r <= BOUND * a);
  }
  return 0;
}
