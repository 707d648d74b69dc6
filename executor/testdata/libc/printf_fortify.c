// _FORTIFY_SOURCE=2 at -O2 turns printf & co. into __printf_chk,
// __sprintf_chk, __snprintf_chk, __vsnprintf_chk, __fprintf_chk,
// __vfprintf_chk ...; also printf's failure returns and errno.
#define _FORTIFY_SOURCE 2
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static volatile int v = 12345;
static const char *volatile fmt_pct = "ab%";
static const char *volatile fmt_lc = "x%lc|";
static const char *volatile fmt_l = "%l";

static int wrap(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

static void wrapf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
}

int main(void) {
  char buf[16];
  int r = sprintf(buf, "%d!", v);
  printf("sprintf %d [%s]\n", r, buf);
  r = snprintf(buf, sizeof buf, "%s-%d-%s", "abcdef", v, "xyz");
  printf("snprintf %d [%s]\n", r, buf);
  r = wrap(buf, 6, "%d%d", v, v);
  printf("vsnprintf %d [%s]\n", r, buf);
  int n = 0;
  printf("count%n\n", &n);
  printf("n=%d\n", n);
  fprintf(stdout, "fprintf %05d\n", v);
  wrapf(stdout, "vfprintf %x\n", v);
  fprintf(stderr, "to stderr\n");

  fflush(stdout);
  errno = 0;
  r = printf(fmt_pct);
  printf("\n'ab%%' -> %d errno %d\n", r, errno);
  errno = 0;
  r = printf(fmt_lc, 0xe9);
  printf("\n'%%lc' -> %d errno %d\n", r, errno);
  errno = 0;
  r = printf(fmt_l);
  printf("\n'%%l' -> %d errno %d\n", r, errno);
  memset(buf, 'z', sizeof buf);
  r = snprintf(buf, sizeof buf, fmt_pct);
  printf("snprintf 'ab%%' -> %d [%.5s]\n", r, buf);
  return 0;
}
