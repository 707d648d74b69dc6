/*
 * Ownership decided by "x > 0" but released under "!(x <= 0)": the two
 * conditions differ for NaN, so a NaN frees the stack buffer.
 *
 * BUG: x = NaN: buf is the stack buffer and free(buf) is invalid.
 * Correct (no BUG): the release tests the same thing as the acquisition.
 */
#include <stdlib.h>
#include <string.h>
#include "svcomp/svcomp.h"

int main(void) {
  float x = __VERIFIER_nondet_float();
  char stackbuf[16];
  char *buf;
  if (x > 0)
    buf = malloc(16);
  else
    buf = stackbuf;
  if (!buf)
    return 0;
  memset(buf, 0, 16);
#ifdef BUG
  if (!(x <= 0))
    free(buf);
#else
  if (buf != stackbuf)
    free(buf);
#endif
  return 0;
}
