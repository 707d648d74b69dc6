/* Reads a number from stdin with strtof (run with -- --sym-stdin 8). */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  char line[16];
  if (!fgets(line, sizeof line, stdin))
    return 1;
  float f = strtof(line, NULL);
  if (f > 100.0f)
    return 2;
  return 0;
}
