#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  /* argc depends on --sym-args 0 2 2 */
  FILE *f = fopen("A", "r");
  if (!f) return 3;
  int c = fgetc(f);
  if (c == 'x') {
    int d = getchar();
    if (d == 'y' && argc == 3)
      assert(0 && "x in A, y on stdin, two args");
  }
  char line[8];
  if (fgets(line, sizeof line, stdin) && line[0] == '\n')
    return 2;
  fclose(f);
  return 0;
}
