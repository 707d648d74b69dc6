// sprintf/snprintf truncation and return values, the v* variants through
// a program's own variadic function, asprintf, puts/putchar/fputs/fputc/
// putc/fwrite return values, fprintf to stdout and stderr, fflush.
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int seven = 7;
static volatile double pi = 3.14159265358979;

static int my_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vprintf(fmt, ap);
  va_end(ap);
  return r;
}

static int my_fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}

static int my_snprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

/* Two passes over one va_list with va_copy, as glibc-using code does. */
static char *my_asprintf(const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *p = malloc(n + 1);
  vsprintf(p, fmt, ap2);
  va_end(ap2);
  va_end(ap);
  return p;
}

/* vprintf consumes arguments from the caller's va_list. */
static void two_parts(const char *f1, const char *f2, ...) {
  va_list ap;
  va_start(ap, f2);
  vprintf(f1, ap);
  vprintf(f2, ap);
  va_end(ap);
}

int main(void) {
  char buf[32];
  memset(buf, 'x', sizeof buf);
  int r = sprintf(buf, "%d-%s-%.2f", seven, "abc", pi);
  printf("sprintf %d [%s] after NUL: %c\n", r, buf, buf[r + 1]);
  for (int n = 0; n <= 12; n += 3) {
    memset(buf, 'x', sizeof buf);
    buf[31] = 0;
    r = snprintf(buf, n, "hello %d world", seven);
    printf("snprintf(%d) = %d [%s]\n", n, r, buf);
  }
  r = snprintf(NULL, 0, "%d %f", seven, pi);
  printf("snprintf(NULL, 0) = %d\n", r);

  r = my_printf("my_printf %d %s %.3f %c %Lf %lld\n", seven, "str", pi, 'q', 2.5L, 1LL << 40);
  printf("-> %d\n", r);
  r = my_fprintf(stdout, "to stdout %05d\n", seven);
  printf("-> %d\n", r);
  r = my_fprintf(stderr, "to stderr %05d\n", seven);
  printf("stderr -> %d\n", r);
  r = my_snprintf(buf, 8, "%s=%d", "value", 12345);
  printf("my_snprintf %d [%s]\n", r, buf);
  char *p = my_asprintf("%s %d %g %d %d %d %d %d %d %f %f %f %f %f %f %f %f %f", "many", 1, 2.0, 3, 4, 5, 6, 7, 8,
                        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
  printf("my_asprintf [%s]\n", p);
  free(p);
  two_parts("first %d %f ", "second %d %f\n", 1, 1.5, 2, 2.5);

  char *q = NULL;
  r = asprintf(&q, "asprintf %d %s", seven, "x");
  printf("%d [%s]\n", r, q);
  free(q);

  r = puts("puts line");
  printf("puts -> %d\n", r);
  r = puts("");
  printf("puts empty -> %d\n", r);
  r = putchar('A');
  r += putchar(256 + 'B');
  r += putchar('\n');
  printf("putchar sum -> %d\n", r);
  r = fputs("fputs text\n", stdout);
  printf("fputs -> %d\n", r);
  r = fputs("", stdout);
  printf("fputs empty -> %d\n", r);
  r = fputc('C', stdout);
  r += putc('D', stdout);
  r += fputc('\n', stdout);
  printf("fputc/putc sum -> %d\n", r);
  size_t w = fwrite("fwrite data\n", 1, 12, stdout);
  printf("fwrite -> %zu\n", w);
  w = fwrite("abcdefgh", 4, 2, stdout);
  printf("\nfwrite 4x2 -> %zu\n", w);
  w = fwrite("zzz", 0, 3, stdout);
  printf("fwrite 0 -> %zu\n", w);
  r = fprintf(stdout, "fprintf %s\n", "stdout");
  printf("-> %d\n", r);
  r = fprintf(stderr, "fprintf %s\n", "stderr");
  printf("stderr -> %d\n", r);
  fputs("err text\n", stderr);
  printf("fflush %d %d\n", fflush(stdout), fflush(NULL));
  printf("%s\n", "printf -> puts at -O2");
  printf("x");
  printf("\n");
  return 0;
}
