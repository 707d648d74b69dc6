/*
 * The dichotomic() bisection of FPSE (Bagnara, Carlier, Gori, Gotlieb,
 * ICST 2013, Figure 2) for f(x) = x*x - 2, with an iteration counter
 * added.  The loop halves [xL, xR] until its width is at most TOL.
 *
 * Inputs: 0 <= xL < xR <= XMAX, xR - xL <= 2.
 * XMAX=1e7 (bug): at xL = 2^21 the spacing of floats is 0.25 > TOL =
 *   0.125; xR = 2^21 + 0.25 gives a midpoint that rounds (tie to even) to
 *   xL, the interval never shrinks and the counter reaches MAXIT.
 * XMAX=4 (correct): the midpoint RN(xL + xR) / 2 stays in [xL, xR] and
 *   the width after k steps is at most 2/2^k plus a few ulps of 4
 *   (2^-21), so the loop stops after at most 5 iterations < MAXIT = 10.
 */
#include <assert.h>
#include "klee/klee.h"

#define TOL 0.125F
#define MAXIT 10

static float f(float x) { return x * x - 2.0F; }

static float dichotomic(float xL, float xR, int *iters) {
  float xM = 1.0F;
  int n = 0;
  while ((xR - xL) > TOL && n < MAXIT) {
    xM = (xR + xL) / 2.0F;
    if ((f(xL) * f(xM)) > -1.0F) {
      xL = xM;
    } else {
      xR = xM;
    }
    n++;
  }
  *iters = n;
  return xM;
}

int main(void) {
  float xL, xR;
  int n;
  klee_make_symbolic(&xL, sizeof xL, "xL");
  klee_make_symbolic(&xR, sizeof xR, "xR");
  klee_assume((xL >= 0.0F) & (xL < xR) & (xR <= XMAX) & (xR - xL <= 2.0F));
  dichotomic(xL, xR, &n);
  assert(n < MAXIT);
  return 0;
}
