/*
 * mawk (Debian mawk 1.3.4.20200120-3.1): every .c file of the package's
 * mawk binary and its headers, with the package build's config.h, are the
 * package's files, unchanged; main.c is included here with its main
 * renamed to mawk_main, and this driver's main runs it as the command line
 *
 *   mawk -v x=DD 'BEGIN { print 1 / x }'
 *
 * with the two characters DD of the -v value symbolic. mawk turns the
 * value into a number (a numeric string) when the program divides by it;
 * execute.c's _DIV then divides 1 by it. mawk checks for division by zero
 * only when built with NOINFO_SIGFPE, which Debian's build (config.h) is
 * not: for x = "0", "00", " 0", "" or any non-numeric text, the division
 * 1/0 raises the FP division-by-zero exception and mawk prints inf.
 * Bug (default): the program above; the division at execute.c:699 raises
 * divbyzero.
 * MOD: 'BEGIN { print 1 % x }': execute.c:714's fmod(1, 0) is an invalid
 * operation (nan; mawk prints nan or -nan).
 * CORRECT: 'BEGIN { y = x + 0; if (y != 0) print 1 / y }': the guard
 * compares the numeric value, so no division by zero is possible.
 */
#include "klee/klee.h"

#define main mawk_main
#include "main.c"
#undef main

int main(void) {
  static char assign[] = "x=DD";
  char dd[2];
  klee_make_symbolic(dd, sizeof dd, "DD");
  assign[2] = dd[0];
  assign[3] = dd[1];
#if defined(CORRECT)
  static char program[] = "BEGIN { y = x + 0; if (y != 0) print 1 / y }";
#elif defined(MOD)
  static char program[] = "BEGIN { print 1 % x }";
#else
  static char program[] = "BEGIN { print 1 / x }";
#endif
  char *argv[] = {"mawk", "-v", assign, program, 0};
  return mawk_main(4, argv);
}
