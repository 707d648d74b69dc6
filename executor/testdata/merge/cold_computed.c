// Values computed by arithmetic on both sides of a branch that no later
// query reads (the result is only returned): --merge=auto's query count
// estimation finds them cold and merges (the rule of main's auto, which
// refused every computed value, kept the two paths apart). The check on
// x alone fails for x == 5.
// expect-error: assert 19
// expect-merged: 1
// expect-auto-merged: 1
#include <assert.h>
#include "klee/klee.h"
int main(void) {
  float x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 1.0f)
    y = x * 3.0f;
  else
    y = x + 2.0f;
  int r = y > 100.0f;
  assert(x != 5.0f);
  return r;
}
