/*
 * GNU bc (Debian bc 1.07.1-3): lib/number.c, h/number.h and the package
 * build's config.h are the package's files, unchanged; bc's program
 * supplies rt_error, rt_warn and out_of_memory (bc/util.c), given here
 * with the same effect. bc_int2num converts a machine int to a bc number
 * (used for scale, length, ibase/obase and loop counters), bc_num2long
 * converts back (returning 0 on overflow).
 * Bug (default): for INT_MIN, bc_int2num's val = -val overflows and
 * stays negative: every digit it stores is negative (-8, -4, -6, ...),
 * and bc_num2long of that number gives 0, not INT_MIN.
 * CORRECT: every other int converts and converts back to itself.
 */
#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "klee/klee.h"
#include <config.h>
#include <number.h>

void rt_warn(const char *mesg, ...) {
  va_list args;
  va_start(args, mesg);
  fprintf(stderr, "Runtime warning: ");
  vfprintf(stderr, mesg, args);
  va_end(args);
  fprintf(stderr, "\n");
}

void rt_error(const char *mesg, ...) {
  va_list args;
  va_start(args, mesg);
  fprintf(stderr, "Runtime error: ");
  vfprintf(stderr, mesg, args);
  va_end(args);
  fprintf(stderr, "\n");
}

void out_of_memory(void) {
  fprintf(stderr, "Fatal error: Out of memory for malloc.\n");
  exit(1);
}

int main(void) {
  /* A symbolic choice among boundary ints, one path each: a fully
     symbolic int makes each query a chain of ten 32-bit divisions by 10
     that the SMT solvers do not finish within the bench's minute. */
  static const int values[6] = {INT_MIN, INT_MIN + 1, -1, 0, 7, INT_MAX};
  unsigned char k;
  klee_make_symbolic(&k, sizeof k, "k");
  int x = INT_MAX;
  for (int i = 0; i < 6; i++) {
    if (k == i) {
      x = values[i];
    }
  }
#ifdef CORRECT
  klee_assume(x != INT_MIN);
#endif
  bc_init_numbers();
  bc_num n;
  bc_init_num(&n);
  bc_int2num(&n, x);
  assert(bc_num2long(n) == x);
  bc_free_num(&n);
  return 0;
}
