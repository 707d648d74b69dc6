/* Native differential fuzz of libc/strtod.c (compiled with its functions
 * renamed my_*) against the host glibc: random decimal (up to 800 digits,
 * exponents up to +-5000), and hexadecimal inputs, 4 rounding modes, the
 * three formats: value bits, endptr, errno. Used by TestStrtodNativeFuzz. */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <fenv.h>
long double my_strtold(const char *s, char **e);
double my_strtod(const char *s, char **e);
float my_strtof(const char *s, char **e);
static unsigned long long st = 88172645463325252ULL;
static unsigned long long rnd(void){ st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
int main(int argc, char **argv){
  int n = atoi(argv[1]); st ^= (unsigned long long)atoi(argv[2]) * 0x9E3779B97F4A7C15ULL; long bad = 0, cnt = 0;
  int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
  char buf[2000];
  for (int i = 0; i < n; i++) {
    int kind = rnd() % 4; char *p = buf;
    if (rnd()%4==0) *p++='-';
    if (kind == 3) { p += sprintf(p, "0x"); int nd = 1 + rnd()%30; for (int j=0;j<nd;j++){ if (j==1 && rnd()%2) *p++='.'; *p++="0123456789abcdef"[rnd()%16]; } p += sprintf(p, "p%d", (int)(rnd()%33000) - 16500); }
    else { int nd = 1 + rnd()% (kind==2 ? 800 : 25); int dot = rnd()% (nd+1); for (int j=0;j<nd;j++){ if (j==dot) *p++='.'; *p++='0'+rnd()%10; } if (rnd()%4) p += sprintf(p, "e%d", (int)(rnd()% (kind==1? 10000: 700)) - (kind==1? 5000: 350)); }
    *p = 0;
    for (int m = 0; m < 4; m++) {
      fesetround(modes[m]);
      char *e1, *e2; int r1, r2;
      errno = 0; double a = my_strtod(buf, &e1); r1 = errno; errno = 0; double b = strtod(buf, &e2); r2 = errno;
      cnt++; if (memcmp(&a,&b,8) || e1 != e2 || r1 != r2) { if (bad++ < 10) printf("d m%d %s: %a %a %d %d\n", m, buf, a, b, r1, r2); }
      errno = 0; float fa = my_strtof(buf, &e1); r1 = errno; errno = 0; float fb = strtof(buf, &e2); r2 = errno;
      cnt++; if (memcmp(&fa,&fb,4) || e1 != e2 || r1 != r2) { if (bad++ < 10) printf("f m%d %s: %a %a %d %d\n", m, buf, fa, fb, r1, r2); }
      errno = 0; long double la = my_strtold(buf, &e1); r1 = errno; errno = 0; long double lb = strtold(buf, &e2); r2 = errno;
      cnt++; if (memcmp(&la,&lb,10) || e1 != e2 || r1 != r2) { if (bad++ < 10) printf("l m%d %.60s: %La %La %d %d\n", m, buf, la, lb, r1, r2); }
    }
  }
  printf("%ld compared, %ld differ\n", cnt, bad);
}
