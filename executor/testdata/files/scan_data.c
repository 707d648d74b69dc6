/* fscanf with every numeric conversion over a data file named by $DATA. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *path = getenv("DATA");
  if (!path)
    return 2;
  FILE *f = fopen(path, "r");
  if (!f)
    return 3;
  char line[64];
  if (!fgets(line, sizeof line, f))
    return 4;
  printf("header: %s", line);
  int n;
  double a, b, c, d;
  float e;
  int r = fscanf(f, "%d %lf %la %lg %f", &n, &a, &b, &c, &e);
  printf("%d: %d %a %a %a %a\n", r, n, a, b, c, (double)e);
  double x, y, z;
  int i, o, dd;
  long long big;
  r = fscanf(f, "%lf %lf %lf %i %i %d %lld", &x, &y, &z, &i, &o, &dd, &big);
  printf("%d: %f %f %f %d %d %d %lld\n", r, x, y, z, i, o, dd, big);
  char w1[8], w2[8];
  unsigned long long u;
  r = fscanf(f, "%7s %3c %llu", w1, w2, &u);
  w2[3] = 0;
  printf("%d: [%s] [%s] %llu\n", r, w1, w2, u);
  long double ld, ld2;
  r = fscanf(f, "%Lf %Lf", &ld, &ld2);
  printf("%d: %La %La\n", r, ld, ld2);
  r = fscanf(f, "%d", &n);
  printf("bad match %d, feof %d\n", r, feof(f));
  int ch = fgetc(f);
  printf("next char %c\n", ch);
  char rest[32];
  r = fscanf(f, " %[a-z ]", rest);
  printf("%d: [%s]\n", r, rest);
  r = fscanf(f, "%d", &n);
  printf("at end %d, feof %d\n", r, feof(f));
  d = 0;
  (void)d;
  fclose(f);
  return 0;
}
