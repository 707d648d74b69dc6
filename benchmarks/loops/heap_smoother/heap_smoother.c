/*
 * A moving-average smoother whose state lives on the heap, as a library
 * would allocate it: a malloc'd struct holding a pointer to a malloc'd
 * window of W = 4 samples, the next slot's index and the output. Over N
 * fresh inputs x in [-1, 1] each step stores x in the window, advances
 * the index modulo W and outputs the mean of the window, checked to stay
 * in [-1, 1] (four values of at most 1 in magnitude sum to at most 4 in
 * every rounding mode, and * 0.25 is exact).
 *
 * Correct: the index wraps with (idx + 1) % W.
 * BUG: it wraps with % (W + 1), so the fifth step writes window[4], one
 *   float past the end of the 16-byte buffer (a memory error at the
 *   store, on any input).
 */
#include "svcomp/svcomp.h"

#ifndef N
#define N 100000
#endif
#define W 4
#ifdef BUG
#define WRAP (W + 1)
#else
#define WRAP W
#endif

struct smoother {
  float *window;
  unsigned idx;
  float mean;
};

static struct smoother *smoother_new(void) {
  struct smoother *s = malloc(sizeof *s);
  if (!s) return 0;
  s->window = malloc(W * sizeof *s->window);
  if (!s->window) {
    free(s);
    return 0;
  }
  s->window[0] = 0.0f;
  s->window[1] = 0.0f;
  s->window[2] = 0.0f;
  s->window[3] = 0.0f;
  s->idx = 0;
  s->mean = 0.0f;
  return s;
}

static void smoother_free(struct smoother *s) {
  free(s->window);
  free(s);
}

int main(void) {
  struct smoother *s = smoother_new();
  if (!s) return 1;
  for (int i = 0; i < N; i++) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= -1.0f && x <= 1.0f);
    s->window[s->idx] = x;
    s->idx = (s->idx + 1) % WRAP;
    float *w = s->window;
    s->mean = (w[0] + w[1] + w[2] + w[3]) * 0.25f;
    __VERIFIER_assert(s->mean >= -1.0f && s->mean <= 1.0f);
  }
  smoother_free(s);
  return 0;
}
