#include <limits.h>
int main(int argc, char **argv) {
  (void)argv;
  int a = INT_MAX;
  int b = a + argc; /* argc is 1: overflows */
  return b < 0;
}
