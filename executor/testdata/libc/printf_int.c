// printf family: integer, character, string and pointer conversions, flags,
// width and precision (also from * and n$), length modifiers, %n, return
// values, and the glibc spellings of odd specs.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static volatile int vi[] = {0, 1, -1, 42, -42, 2147483647, -2147483647 - 1, 255, 65535, 300, 70000};
static volatile long long vll[] = {0, 1, -1, 9223372036854775807LL, -9223372036854775807LL - 1, 1234567890123LL};
static const char *volatile vs[] = {"", "a", "hello", "hello, world", NULL};

int main(void) {
  const char *ifmts[] = {"%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "% d", "%+05d", "%.3d", "%8.3d", "%-8.3d|",
                         "%.0d", "%x", "%X", "%#x", "%#X", "%o", "%#o", "%#.0o", "%u", "%hhd", "%hd", "%hhu",
                         "%hu", "%hhx", "%c", "%5c|", "%-5c|", "%b", "%#b", "%B", "%'d", "%I d", "%#010x", "%-#10o|"};
  for (unsigned i = 0; i < sizeof ifmts / sizeof *ifmts; i++) {
    for (unsigned j = 0; j < sizeof vi / sizeof *vi; j++) {
      if (strchr(ifmts[i], 'c') && vi[j] == 0)
        continue; /* a NUL byte is fine but hard to read */
      int r = printf(ifmts[i], vi[j]);
      printf(" [%s -> %d]\n", ifmts[i], r);
    }
  }
  const char *lfmts[] = {"%ld", "%lld", "%lu", "%llx", "%#llo", "%20lld|", "%-+20lld|", "%.25lld", "%qd", "%Ld",
                         "%jd", "%zd", "%td", "%zu", "%zx"};
  for (unsigned i = 0; i < sizeof lfmts / sizeof *lfmts; i++)
    for (unsigned j = 0; j < sizeof vll / sizeof *vll; j++) {
      int r = printf(lfmts[i], vll[j]);
      printf(" [%s -> %d]\n", lfmts[i], r);
    }
  const char *sfmts[] = {"%s|", "%10s|", "%-10s|", "%.3s|", "%10.3s|", "%-10.2s|", "%.0s|", "%.7s|"};
  for (unsigned i = 0; i < sizeof sfmts / sizeof *sfmts; i++)
    for (unsigned j = 0; j < sizeof vs / sizeof *vs; j++) {
      int r = printf(sfmts[i], vs[j]);
      printf(" [%s -> %d]\n", sfmts[i], r);
    }
  /* Precision limits how much of an unterminated array is read. */
  char raw[4] = {'a', 'b', 'c', 'd'};
  printf("[%.4s] [%.2s]\n", raw, raw);

  /* * and n$ */
  for (int w = -12; w <= 12; w += 4)
    for (int p = -2; p <= 6; p += 4)
      printf("[%*.*d] [%*s] [%-*d] [%.*s]\n", w, p, vi[3], w, vs[2], w, vi[4], p, vs[3]);
  printf("[%2$s %1$d %2$s] [%3$*1$d] [%1$d]\n", 7, "two", 3);
  printf("[%2$d %d]\n", 1, 2);
  printf("[%1$*2$.*3$d]\n", vi[3], 8, 4);

  /* %n at every size, and printf's count */
  signed char nc;
  short ns;
  int ni;
  long nl;
  long long nll;
  size_t nz;
  int r = printf("abc%hhn de%hn f%n%ln%lln%zn|%d\n", &nc, &ns, &ni, &nl, &nll, &nz, 5);
  printf("n: %d %d %d %ld %lld %zu r=%d\n", nc, ns, ni, nl, nll, nz, r);

  /* %% and specs glibc does not know */
  r = printf("100%% [%5%] [%-0y] [% +y] [%'I0y] [%*.*y] [%hhy] [%5-d] [%.-3d]\n", -3, -2, 9);
  printf("r=%d\n", r);

  /* pointers */
  printf("[%p] [%10p] [%-10p|]\n", (void *)0, (void *)0, (void *)0);
  int local;
  char buf[64];
  snprintf(buf, sizeof buf, "%p", (void *)&local);
  printf("pointer has 0x prefix: %d\n", buf[0] == '0' && buf[1] == 'x');

  /* mismatched classes are taken from the int and double sequences */
  printf("%d %f %d %f\n", 1.5, 7, 2.5, 8);
  /* many arguments: registers, then the stack */
  printf("%d %d %d %d %d %d %d %d %d %d %f %f %f %f %f %f %f %f %f %f %Lf %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
         1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0L, 12);
  printf("%lc|%C|%ls|%S|%5ls|%.2ls|\n", L'x', L'y', L"wide", L"str", L"ab", L"wxyz");
  return 0;
}
