/*
 * loops_stress.c: the native check of the `loops` category
 * (tools/loops_stress.sh). The program's main is renamed bench_main
 * (-Dmain=bench_main); every __VERIFIER_nondet_float/double returns a value
 * of [STRESS_LO, STRESS_HI], so no assumption fails, from one of five
 * input patterns chosen per run (a run is one fork of the program with all
 * its iterations):
 *   0 uniform values of the range;
 *   1 boundary-heavy: the ends, their neighbours inward, 0 and -0 (when in
 *     range), else uniform;
 *   2 always the upper end;  3 always the lower end;
 *   4 the two ends alternating in blocks of a random length 1..4 (the
 *     worst case of the filters: inputs matching the sign pattern of their
 *     impulse response).
 * Prints the number of runs, of inputs drawn, and of runs that failed (an
 * assertion's message goes to stderr); exits 1 if any failed, 2 if an
 * assumption failed (the range does not match the program's).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int bench_main(void);

static double lo, hi;
static int pattern;
static uint64_t rng, drawn, block, blockLen;
static int side;
static uint64_t *shared; /* inputs drawn, summed over the children */

static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static double uniform(void) { return lo + (hi - lo) * ((next() >> 11) * 0x1p-53); }

static double draw(int isFloat) {
  double v;
  drawn++;
  switch (pattern) {
  case 1: {
    int k = next() % 10;
    if (k == 0) v = lo;
    else if (k == 1) v = hi;
    else if (k == 2) v = isFloat ? nextafterf((float)lo, (float)hi) : nextafter(lo, hi);
    else if (k == 3) v = isFloat ? nextafterf((float)hi, (float)lo) : nextafter(hi, lo);
    else if (k == 4 && lo <= 0 && hi >= 0) v = (next() & 1) ? 0.0 : -0.0;
    else v = uniform();
    break;
  }
  case 2: v = hi; break;
  case 3: v = lo; break;
  case 4:
    if (block == blockLen) {
      block = 0;
      blockLen = 1 + next() % 4;
      side = !side;
    }
    block++;
    v = side ? hi : lo;
    break;
  default: v = uniform();
  }
  if (isFloat) {
    float f = (float)v;
    if (f < lo) f = nextafterf(f, INFINITY);
    if (f > hi) f = nextafterf(f, -INFINITY);
    return f;
  }
  return v;
}

float __VERIFIER_nondet_float(void) { return (float)draw(1); }
double __VERIFIER_nondet_double(void) { return draw(0); }
void __VERIFIER_assume(int c) {
  if (!c) {
    fprintf(stderr, "loops_stress: assumption failed (pattern %d): the range does not match the program\n", pattern);
    _exit(2);
  }
}

int main(void) {
  lo = atof(getenv("STRESS_LO"));
  hi = atof(getenv("STRESS_HI"));
  int runs = atoi(getenv("STRESS_RUNS") ? getenv("STRESS_RUNS") : "30");
  shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  int failed = 0, badAssume = 0;
  for (int r = 0; r < runs; r++) {
    pid_t p = fork();
    if (p == 0) {
      rng = 0x9E3779B97F4A7C15ull * (r + 1);
      pattern = r % 5;
      int rc = bench_main();
      __atomic_add_fetch(shared, drawn, __ATOMIC_SEQ_CST);
      _exit(rc);
    }
    int st;
    waitpid(p, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 2) badAssume++;
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) failed++;
  }
  printf("runs %d inputs %llu failed %d\n", runs, (unsigned long long)*shared, failed);
  return badAssume ? 2 : failed ? 1 : 0;
}
