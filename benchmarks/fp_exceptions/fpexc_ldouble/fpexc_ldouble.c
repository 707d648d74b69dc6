/*
 * long double (x87): 1/x divides by zero for x = 0, and x * x overflows
 * for |x| >= 2^8192.  The x87 reports the exception at the next x87
 * instruction, on the same line.
 *
 * OP 1 (default): the division; OP 2: the square.
 */
#include "klee/klee.h"

#ifndef OP
#define OP 1
#endif

int main(void) {
  long double x;
  klee_make_symbolic(&x, sizeof x, "x");
#if OP == 1
  long double r = 1.0L / x;
#else
  long double r = x * x;
#endif
  return r > 2;
}
