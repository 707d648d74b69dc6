// A write at a symbolic index into an object larger than
// memory.MaxSymbolicWrite (4096 bytes): the executor fixes the offset to
// one feasible value (the run is incomplete) instead of reporting the
// write as a ptr error, which would not replay (cJSON's strtod into
// floatsym's C library's 12,048-byte decimal buffer did). The assert after
// it fails for x == 7 and replays.
// expect-error: assert 22
// expect-value: x double 7
// expect-concretised: 1
#include <assert.h>
#include "klee/klee.h"

double big[1000]; /* 8000 bytes */

int main(void) {
  unsigned i;
  double x;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&x, sizeof x, "x");
  if (i < 1000) {
    big[i] = x;
    assert(big[i] != 7.0);
  }
  return 0;
}
