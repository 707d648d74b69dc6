// stdlib.h integer parts: strtol family (bases, prefixes, endptr,
#define _GNU_SOURCE
// overflow, errno), atoi/atol/atoll, abs/div, qsort (stability, the
// comparator's call sequence, large elements), bsearch, rand/random/rand_r.
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *volatile nums[] = {"0", "42", "  -17xyz", "+9", "0x1F", "0X", "0xg", "077", "09", "z", "Z9",
                                      "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                                      "-9223372036854775809", "18446744073709551615", "18446744073709551616",
                                      "-1", "  \t\n\v\f\r12", "", "   ", "-", "+-1", "0b101", "1010", "zzzzzzzzzzzzz",
                                      "2147483648", "-2147483649", "1e5"};
static const int bases[] = {0, 2, 8, 10, 16, 36, 1, 37, -1};

struct rec {
  int key;
  int id;
};
static int ncmp;
static int cmp_rec(const void *a, const void *b) {
  ncmp++;
  const struct rec *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}
struct big {
  int key;
  char pad[60];
  int id;
};
static int cmp_big(const void *a, const void *b) {
  ncmp++;
  return ((const struct big *)a)->key - ((const struct big *)b)->key;
}
static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int cmp_char(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }
static int cmp_r(const void *a, const void *b, void *arg) {
  (*(int *)arg)++;
  return *(const int *)b - *(const int *)a;
}

int main(void) {
  for (unsigned i = 0; i < sizeof nums / sizeof *nums; i++) {
    const char *s = nums[i];
    printf("[%s]", s);
    for (unsigned b = 0; b < sizeof bases / sizeof *bases; b++) {
      char *e1, *e2;
      errno = 0;
      long v = strtol(s, &e1, bases[b]);
      int er1 = errno;
      errno = 0;
      unsigned long u = strtoul(s, &e2, bases[b]);
      int er2 = errno;
      printf(" %ld/%ld/%d %lu/%ld/%d", v, e1 - s, er1, u, e2 - s, er2);
    }
    errno = 0;
    long long ll = strtoll(s, NULL, 0);
    unsigned long long ull = strtoull(s, NULL, 10);
    intmax_t im = strtoimax(s, NULL, 16);
    uintmax_t um = strtoumax(s, NULL, 8);
    printf(" | %lld %llu %jd %ju %d", ll, ull, im, um, errno);
    errno = 0;
    printf(" | atoi %d atol %ld atoll %lld errno %d\n", atoi(s), atol(s), atoll(s), errno);
  }
  volatile int vi[] = {0, 5, -5, INT_MIN, INT_MAX};
  for (int i = 0; i < 5; i++)
    printf("abs %d labs %ld llabs %lld imaxabs %jd\n", abs(vi[i]), labs(vi[i] * 3L), llabs(vi[i] * 7LL),
           imaxabs((intmax_t)vi[i] * 11));
  volatile int dn[] = {7, -7, 7, -7, 0, 100}, dd[] = {2, 2, -2, -2, 3, 7};
  for (int i = 0; i < 6; i++) {
    div_t q = div(dn[i], dd[i]);
    ldiv_t lq = ldiv(dn[i] * 1000000000000L, dd[i]);
    lldiv_t llq = lldiv(dn[i], dd[i] * 1LL);
    imaxdiv_t iq = imaxdiv(dn[i], dd[i]);
    printf("div %d %d ldiv %ld %ld lldiv %lld %lld imaxdiv %jd %jd\n", q.quot, q.rem, lq.quot, lq.rem, llq.quot,
           llq.rem, iq.quot, iq.rem);
  }

  /* qsort: stable on equal keys, same comparator calls as glibc */
  struct rec r[40];
  for (int i = 0; i < 40; i++) {
    r[i].key = (i * 7919) % 5;
    r[i].id = i;
  }
  ncmp = 0;
  qsort(r, 40, sizeof r[0], cmp_rec);
  printf("qsort rec (%d compares):", ncmp);
  for (int i = 0; i < 40; i++)
    printf(" %d.%d", r[i].key, r[i].id);
  printf("\n");
  static struct big bg[50];
  for (int i = 0; i < 50; i++) {
    bg[i].key = (i * 31) % 7;
    bg[i].id = i;
    memset(bg[i].pad, 'a' + i % 26, sizeof bg[i].pad);
  }
  ncmp = 0;
  qsort(bg, 50, sizeof bg[0], cmp_big);
  printf("qsort big (%d compares):", ncmp);
  for (int i = 0; i < 50; i++)
    printf(" %d.%d%c", bg[i].key, bg[i].id, bg[i].pad[59]);
  printf("\n");
  int many[600];
#pragma clang loop vectorize(disable) /* keep -O2 free of vector IR */
  for (int i = 0; i < 600; i++)
    many[i] = (i * 7331) % 1009 - 500;
  qsort(many, 600, sizeof many[0], cmp_int);
  long sum = 0;
  for (int i = 0; i < 600; i++)
    sum = sum * 3 + many[i];
  printf("qsort many: %d %d %d sum %ld\n", many[0], many[300], many[599], sum);
  char str[] = "the quick brown fox jumps";
  qsort(str, strlen(str), 1, cmp_char);
  printf("qsort chars [%s]\n", str);
  int arg = 0;
  int rv[9] = {5, 3, 9, 1, 5, 7, 2, 8, 0};
  qsort_r(rv, 9, sizeof rv[0], cmp_r, &arg);
  printf("qsort_r (%d):", arg);
  for (int i = 0; i < 9; i++)
    printf(" %d", rv[i]);
  printf("\n");

  for (int k = -501; k <= 510; k += 101) {
    int *p = bsearch(&k, many, 600, sizeof many[0], cmp_int);
    printf("bsearch %d -> %ld\n", k, p ? p - many : -1L);
  }

  printf("rand:");
  for (int i = 0; i < 5; i++)
    printf(" %d", rand());
  srand(12345);
  for (int i = 0; i < 5; i++)
    printf(" %d", rand());
  srand(0);
  printf(" | %d", rand());
  srandom(1);
  printf(" | %ld %ld", random(), random());
  srand(1);
  printf(" | %d", rand());
  unsigned seed = 77;
  printf(" | rand_r");
  for (int i = 0; i < 5; i++)
    printf(" %d", rand_r(&seed));
  printf(" seed %u\n", seed);
  long acc = 0;
  for (int i = 0; i < 100000; i++)
    acc += rand() % 1000;
  printf("rand sum %ld\n", acc);
  return 0;
}
