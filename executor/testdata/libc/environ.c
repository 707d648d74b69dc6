// environ (mawk's ENVIRON array walks it): set to main's envp, so every
// NAME=VALUE in it is what getenv(NAME) returns, natively and under
// floatsym (whose environment is the run's --env list).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

int main(int argc, char **argv, char **envp) {
  int n = 0, bad = 0;
  printf("environ set: %d\n", environ != NULL);
  printf("environ is envp: %d\n", environ == envp);
  for (char **p = environ; p && *p; p++, n++) {
    char name[256];
    const char *eq = strchr(*p, '=');
    if (!eq || eq - *p >= (long)sizeof name) {
      continue;
    }
    memcpy(name, *p, eq - *p);
    name[eq - *p] = 0;
    const char *v = getenv(name);
    if (!v || strcmp(v, eq + 1) != 0) {
      bad++;
    }
  }
  printf("entries disagreeing with getenv: %d\n", bad);
  return 0;
}
