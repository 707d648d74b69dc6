/*
 * GNU dc (Debian bc 1.07.1-3's dc): dc/numeric.c, lib/number.c, their
 * headers and the package build's config.h are the package's files,
 * unchanged; progname (dc/dc.c), dc_malloc and dc_memfail (dc/misc.c) are
 * given here with the same effect. dc reads a number with dc_getnum and
 * turns it into a machine int with dc_num2int for its commands k (scale),
 * i and o (bases), : and ; (array indexes) and Q. dc_num2int punts (-1,
 * "value overflows simple integer") when bc_num2long returns 0 for a
 * non-zero value. But number.c does not include <limits.h>, so number.h
 * defines LONG_MAX as 0x7fffffff, and bc_num2long accepts up to
 * 214748364 * 10 + 9: 2147483648 and 2147483649 come back as longs above
 * INT_MAX, which dc_num2int casts to int silently.
 * The input is "214748364D" with a symbolic last digit D.
 * Bug (default): D = 8 or 9: dc_num2int returns INT_MIN or INT_MIN + 1
 * with no diagnostic (dc's "2147483648 k" sets a negative scale).
 * CORRECT: D <= 7: the value fits an int and comes back unchanged.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include "klee/klee.h"
#include "config.h"
#include "number.h"
#include "dc.h"
#include "dc-proto.h"

const char *progname = "dc";

void dc_memfail(void) {
  fprintf(stderr, "%s: out of memory\n", progname);
  exit(EXIT_FAILURE);
}

void *dc_malloc(size_t len) {
  void *result = malloc(len);
  if (result == NULL) {
    dc_memfail();
  }
  return result;
}

static char text[] = "2147483640 ";
static int pos;

static int input(void) { return text[pos] ? text[pos++] : EOF; }

int main(void) {
  char d;
  klee_make_symbolic(&d, sizeof d, "D");
#ifdef CORRECT
  klee_assume((d >= '0') & (d <= '7'));
#else
  klee_assume((d >= '0') & (d <= '9'));
#endif
  text[9] = d;
  dc_math_init();
  int readahead;
  dc_data num = dc_getnum(input, 10, &readahead);
  long value = 2147483640L + (d - '0');
  int n = dc_num2int(num.v.number, DC_TOSS);
  assert(n == -1 || (long)n == value);
  return 0;
}
