#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  if (x == 3)
    klee_report_error(__FILE__, __LINE__, "custom failure", "user"); /* EXPECT user */
  if (x == 4)
    klee_report_error("elsewhere.c", 999, "moved", "mine"); /* EXPECT mine */
  if (x == 5)
    return klee_range(2, 2, "bad"); /* EXPECT badrange */
  if (x == 6)
    klee_abort(); /* EXPECT kabort */
  return 0;
}
