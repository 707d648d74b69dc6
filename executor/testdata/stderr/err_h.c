/* <err.h>: warn, warnx (with and without a format, errno's message) and
 * errx's exit status, as glibc writes them (TestErrH compares stderr). */
#include <err.h>
#include <errno.h>
#include <stdio.h>

int main(void) {
  printf("start\n");
  fflush(stdout);
  errno = ENOENT;
  warn("opening %s", "x.dat");
  errno = EINVAL;
  warn(NULL);
  warnx("line %d: bad value %g", 3, 2.5);
  warnx(NULL);
  errx(2, "Invalid data on line %d in %s", 7, "<stdin>");
}
