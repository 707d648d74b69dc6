// string.h / strings.h: results (including the exact values of the
// comparison functions) as glibc returns them.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Inputs through volatile pointers so that -O2 cannot fold the calls. */
static const char *volatile S[] = {"", "a", "abc", "abz", "ab", "ABC", "hello, world", "\xff\x01", "aaaa", "b,c,,d;e"};
#define NS (sizeof S / sizeof *S)

static int sgn(int x) { return x; }

int main(void) {
  for (unsigned i = 0; i < NS; i++) {
    printf("len(%u) %zu %zu %zu\n", i, strlen(S[i]), strnlen(S[i], 2), strnlen(S[i], 100));
    for (unsigned j = 0; j < NS; j++)
      printf(" %d %d %d %d %d %d %d", sgn(strcmp(S[i], S[j])), sgn(strncmp(S[i], S[j], 2)),
             sgn(strcasecmp(S[i], S[j])), sgn(strncasecmp(S[i], S[j], 3)), sgn(memcmp(S[i], S[j], 1)),
             strcoll(S[i], S[j]), memcmp(S[i], S[j], 1) == 0);
    printf("\n");
  }
  const char *h = S[6];
  printf("strchr %ld %ld %p\n", strchr(h, 'o') - h, strchr(h, 0) - h, (void *)strchr(h, 'z'));
  printf("strrchr %ld %ld %p\n", strrchr(h, 'o') - h, strrchr(h, 0) - h, (void *)strrchr(h, 'z'));
  printf("strchr high %ld\n", strchr(S[7], 0x1ff) - S[7]);
  printf("memchr %ld %p memrchr %ld rawmemchr %ld\n", (char *)memchr(h, 'l', 12) - h, memchr(h, 'l', 2),
         (char *)memrchr(h, 'l', 12) - h, (char *)rawmemchr(h, 'w') - h);
  printf("strstr %ld %ld %p %ld\n", strstr(h, "world") - h, strstr(h, "") - h, (void *)strstr(h, "worlds"),
         strstr(S[8], "aa") - S[8]);
  printf("strcasestr %ld\n", strcasestr(h, "WORLD") - h);
  printf("memmem %ld %p\n", (char *)memmem(h, 12, "lo,", 3) - h, memmem(h, 12, "xyz", 3));
  printf("strspn %zu %zu strcspn %zu %zu strpbrk %ld %p\n", strspn(h, "leh"), strspn(h, ""), strcspn(h, " ,"),
         strcspn(h, ""), strpbrk(h, "ow") - h, (void *)strpbrk(h, "XYZ"));
  printf("strchrnul %ld %ld index %ld rindex %ld\n", strchrnul(h, 'w') - h, strchrnul(h, 'q') - h,
         index(h, 'l') - h, rindex(h, 'l') - h);

  char buf[64];
  strcpy(buf, S[2]);
  strcat(buf, "-");
  strncat(buf, S[6], 5);
  printf("cat [%s]\n", buf);
  memset(buf, 'x', sizeof buf);
  char *r = strncpy(buf, S[2], 6);
  printf("strncpy [%s] pad %d %d %d %d\n", r, buf[3], buf[4], buf[5], buf[6]);
  memset(buf, 'x', sizeof buf);
  strncpy(buf, S[6], 5);
  buf[10] = 0;
  printf("strncpy trunc [%s]\n", buf);
  printf("stpcpy %ld stpncpy %ld\n", stpcpy(buf, S[2]) - buf, stpncpy(buf, S[2], 10) - buf);
  char *d = strdup(S[6]);
  char *n = strndup(S[6], 5);
  printf("strdup [%s] strndup [%s]\n", d, n);
  free(d);
  free(n);

  char tok[] = "  a,b ,, c;d  ";
  for (char *t = strtok(tok, " ,;"); t; t = strtok(NULL, " ,;"))
    printf("tok [%s]\n", t);
  char tok2[] = "x=1&y=22&&z";
  char *save;
  for (char *t = strtok_r(tok2, "&", &save); t; t = strtok_r(NULL, "&", &save))
    printf("tok_r [%s] rest [%s]\n", t, save);
  char sep[] = "a,b,,c";
  char *sp = sep, *t;
  while ((t = strsep(&sp, ",")) != NULL)
    printf("sep [%s]\n", t);

  char m[16];
  printf("mempcpy %ld\n", (char *)mempcpy(m, "abcdef", 6) - m);
  void *cc = memccpy(m, "hello", 'l', 5);
  printf("memccpy %ld %p\n", (char *)cc - m, memccpy(m, "abc", 'z', 3));
  bzero(m, 4);
  printf("bzero %d %d %d\n", m[0], m[3], m[4]);
  return 0;
}
