// Many short paths, each with its test, and an error every 64th: 1,024
// paths in a few seconds. The SIGKILL test stops floatsym at random
// moments while it writes them.
#include "klee/klee.h"
#include <assert.h>

int main(void) {
  unsigned char b[10];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 10; i++)
    if (b[i] > 127)
      n += 1 << i;
  if (n % 64 == 7)
    assert(n < 0);
  return 0;
}
