#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <fenv.h>
#include <errno.h>
/* Deterministic inputs: xorshift. Prints, per rounding mode, strtod/strtof/
   strtold results (bits, endptr offset, errno) and printf formats of doubles. */
static uint64_t st = 88172645463325252ull;
static uint64_t rnd(void){ st ^= st<<13; st ^= st>>7; st ^= st<<17; return st; }
static const int modes[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
static void gen(char *b, int kind){
  int n = 0;
  switch (kind % 6) {
  case 0: { int d = 1 + rnd()%20; for (int i=0;i<d;i++) b[n++]='0'+rnd()%10; b[n++]='.'; d=rnd()%20; for(int i=0;i<d;i++) b[n++]='0'+rnd()%10; n+=sprintf(b+n,"e%d",(int)(rnd()%700)-350); break; }
  case 1: { int d = 1 + rnd()%40; for (int i=0;i<d;i++) b[n++]='0'+rnd()%10; n+=sprintf(b+n,"e-%d",300+(int)(rnd()%30)); break; }
  case 2: { double x; uint64_t u = rnd(); memcpy(&x,&u,8); n = sprintf(b, "%.*e", (int)(rnd()%25), x); break; }
  case 3: { n = sprintf(b, "0x%llx.%llxp%d", (unsigned long long)(rnd()>>(rnd()%60)), (unsigned long long)(rnd()>>(rnd()%60)), (int)(rnd()%2200)-1100); break; }
  case 4: { static const char *sp[] = {"inf","-Infinity","nan","nan(123)","-nan","1e400","1e-400","4.9406564584124654e-324","2.4703282292062327e-324","2.4703282292062328e-324","1.7976931348623157e308","1.7976931348623158e308","1.7976931348623159e308","0x1p-1074","0x1.8p-1074","  +12.5x","-.5e","0x","1e","00000000000000000000000000000000000000001.5"}; strcpy(b, sp[rnd()%20]); return; }
  default: { int d = 1+rnd()%17; b[n++]='0'+1+rnd()%9; for (int i=1;i<d;i++) b[n++]='0'+rnd()%10; b[n++]='5'; for(int i=0;i<(int)(rnd()%30);i++) b[n++]='0'; n+=sprintf(b+n,"e%d",(int)(rnd()%40)-20); break; }
  }
  b[n]=0;
}
int main(int argc, char **argv){
  int N = argc > 1 ? atoi(argv[1]) : 2000;
  char b[256];
  for (int m = 0; m < 4; m++) {
    st = 88172645463325252ull;
    fesetround(modes[m]);
    for (int i = 0; i < N; i++) {
      gen(b, i);
      char *e; errno = 0; double d = strtod(b, &e); int ed = errno;
      char *e2; errno = 0; float f = strtof(b, &e2); int ef = errno;
      char *e3; errno = 0; long double l = strtold(b, &e3); int el = errno;
      uint64_t ud; memcpy(&ud,&d,8); uint32_t uf; memcpy(&uf,&f,4); unsigned char ul[10]; memcpy(ul,&l,10);
      printf("S m%d %s | d=%016llx %d %d | f=%08x %d %d | l=", m, b, (unsigned long long)ud, (int)(e-b), ed, uf, (int)(e2-b), ef);
      for (int k=9;k>=0;k--) printf("%02x", ul[k]);
      printf(" %d %d\n", (int)(e3-b), el);
      uint64_t u = rnd(); double x; memcpy(&x,&u,8);
      if (i % 3 == 0) x = (double)(int64_t)(rnd()%2000000 - 1000000) / 64.0;
      printf("P m%d %.17g | %a | %g | %.3e | %.10f | %.0f | %Lg\n", m, x, x, x, x, x, x, (long double)x);
    }
  }
  return 0;
}
