/*
 * ent (Debian ent 1.2debian-3, John Walker's randomness tests, public
 * domain): randtest.c is the package's file, unchanged. ent reads a file
 * and prints its entropy, chi-square, mean, Monte Carlo value of pi and
 * serial correlation. Here the file's length n and the bit/byte mode are
 * symbolic (the bytes are a fixed sample).
 * Bug (default): a file shorter than 6 bytes gives no Monte Carlo point:
 * rt_end divides 0 by mcount = 0 and ent prints "Monte Carlo value for
 * Pi is nan" (n = 1..5).
 * CORRECT: files of 6 bytes or more: pi is a number and the entropy lies
 * in [0, 8] bits per byte ([0, 1] per bit).
 */
#include <assert.h>
#include <math.h>
#include "klee/klee.h"
#include "randtest.h"

static unsigned char sample[12] = {0x3a, 0xf1, 0x07, 0x9c, 0x5e, 0x22, 0xb8, 0x41, 0xd3, 0x6f, 0x90, 0x1c};

int main(void) {
  int n, binary;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_make_symbolic(&binary, sizeof binary, "binary");
#ifdef CORRECT
  klee_assume((n >= 6) & (n <= 12));
#else
  klee_assume((n >= 1) & (n <= 12));
#endif
  klee_assume((binary == 0) | (binary == 1));
  double ent, chisq, mean, montepi, scc;
  rt_init(binary);
  rt_add(sample, n);
  rt_end(&ent, &chisq, &mean, &montepi, &scc);
  assert(!isnan(montepi));
  assert(ent >= 0 && ent <= (binary ? 1.0 : 8.0));
  return 0;
}
