#include <stdio.h>
#include "mini.h"
int main(void) {
  double x[2] = {1, 2};
  printf("%g\n", mini_mean(x, 2));
  return 0;
}
