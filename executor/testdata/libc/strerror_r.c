/* POSIX strerror_r (glibc's __xpg_strerror_r): messages, truncation with
 * ERANGE, unknown numbers with EINVAL. */
#undef _GNU_SOURCE
#define _POSIX_C_SOURCE 200112L
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int nums[] = {0, ENOENT, EINVAL, ERANGE, 133, 9999, -1};
  size_t sizes[] = {64, 8, 1};
  for (unsigned i = 0; i < sizeof nums / sizeof *nums; i++)
    for (unsigned j = 0; j < 3; j++) {
      char buf[64] = "untouched";
      int r = strerror_r(nums[i], buf, sizes[j]);
      printf("%d %zu: %d [%s]\n", nums[i], sizes[j], r, buf);
    }
  return 0;
}
