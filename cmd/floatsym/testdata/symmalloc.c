#include "klee/klee.h"
#include <stdlib.h>
int main() { unsigned n; klee_make_symbolic(&n, sizeof n, "n"); klee_assume(n < 100); char *p = malloc(n); if (n > 50) p[60] = 1; free(p); return 0; }
