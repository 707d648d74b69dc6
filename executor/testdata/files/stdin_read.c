/* stdin: a line, scanf of numbers, getchar to the end, and sscanf. */
#include <stdio.h>

int main(void) {
  char line[32];
  if (!fgets(line, sizeof line, stdin))
    return 2;
  printf("line: %s", line);
  int n;
  double x;
  int r = scanf("%d %lf", &n, &x);
  printf("%d: %d %g\n", r, n, x);
  int c, count = 0;
  while ((c = getchar()) != EOF)
    count++;
  printf("%d more chars, eof %d\n", count, feof(stdin));
  double a;
  unsigned hx;
  char s[8];
  r = sscanf("  -0x1p-3 ff word", "%lf %x %7s", &a, &hx, s);
  printf("sscanf %d: %a %u %s\n", r, a, hx, s);
  r = sscanf("12abc", "%d%n", &n, &c);
  printf("sscanf %d: %d consumed %d\n", r, n, c);
  r = sscanf("", "%d", &n);
  printf("empty %d\n", r);
  return 0;
}
