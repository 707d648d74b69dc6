/*
 * aspline (Debian spline 1.2-5, David Frey, GPL-2+): aspline.c and
 * utils.c are the package's files, unchanged; this driver runs its main
 * as "aspline -n 4 -u U data.txt" on three points (0,0) (1,1) (2,4), U a
 * symbolic command-line argument parsed by getopt_long and strtod.
 * Bug (default): U is 4 free characters. An upper limit past the last
 * extrapolated abscissa (x = 4) walks p past the end of x[] in
 * calcspline's "while (xv >= x[p])": a heap read out of bounds (U = "5").
 * CORRECT: U is one digit 0-3, inside the data: no access past x[].
 */
#include <stdio.h>
#include "klee/klee.h"

int aspline_main(int argc, char *argv[]);

int main(void) {
#ifdef CORRECT
  char u[2];
  klee_make_symbolic(u, sizeof u, "u");
  klee_assume((u[0] >= '0') & (u[0] <= '3'));
  klee_assume(u[1] == 0);
#else
  char u[5];
  klee_make_symbolic(u, sizeof u, "u");
  klee_assume(u[4] == 0);
#endif
  FILE *f = fopen("data.txt", "w");
  if (!f)
    return 1;
  fputs("0 0\n1 1\n2 4\n", f);
  fclose(f);
  char *argv[] = {"aspline", "-n", "4", "-u", u, "data.txt", NULL};
  return aspline_main(6, argv);
}
