#include <stdlib.h>
#include <string.h>
#include "klee/klee.h"

/* Exits with 10 * argc + 1 when REPLAY_ENV_TEST=on, else 10 * argc. */
int main(int argc, char **argv) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  const char *v = getenv("REPLAY_ENV_TEST");
  if (argc > 1 && strcmp(argv[argc - 1], "last") != 0)
    return 99;
  return 10 * argc + (v && strcmp(v, "on") == 0);
}
