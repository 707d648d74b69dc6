/*
 * A discrete PID controller with anti-windup, fed N fresh setpoints sp and
 * measurements m in [-1, 1]:
 *   e = sp - m;  I = clamp(I + KI e, -1, 1);  u = KP e + I + KD (e - e_prev)
 * checking |u| <= 2.81 at every step.
 *
 * Correct: |e| <= 2 (exact: the difference of two floats in [-1, 1] is
 *   exact by Sterbenz or small), |KP e| <= 1, |I| <= 1 after the clamp,
 *   |KD (e - e_prev)| <= 0.2 * 4 = 0.8 (e - e_prev within 4, rounded),
 *   so |u| <= 2.8 plus three roundings of at most 2^-24 * 2.8 each.
 * BUG (the clamp before the addition): I reaches 1 + 0.5 * 2 = 2;
 *   sp = 1, m = -1 twice gives u = 2.4, then 1 + 2 + 0 = 3.
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#define KP 0.5f
#define KI 0.5f
#define KD 0.2f

static float clamp1(float v) { return v > 1.0f ? 1.0f : v < -1.0f ? -1.0f : v; }

int main(void) {
  float integ = 0.0f, eprev = 0.0f;
  for (int i = 0; i < N; i++) {
    float sp = __VERIFIER_nondet_float();
    float m = __VERIFIER_nondet_float();
    __VERIFIER_assume(sp >= -1.0f && sp <= 1.0f && m >= -1.0f && m <= 1.0f);
    float e = sp - m;
#ifdef BUG
    integ = clamp1(integ) + KI * e;
#else
    integ = clamp1(integ + KI * e);
#endif
    float u = KP * e + integ + KD * (e - eprev);
    eprev = e;
    __VERIFIER_assert(u >= -2.81f && u <= 2.81f);
  }
  return 0;
}
