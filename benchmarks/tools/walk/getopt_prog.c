/* A getopt-driven tool: the bug needs -x and -n 3. */
#include <assert.h>
#include <unistd.h>
int main(int argc, char **argv) {
  int x = 0, n = 0, c;
  while ((c = getopt(argc, argv, "xn:")) != -1) {
    if (c == 'x')
      x = 1;
    else if (c == 'n')
      n = optarg[0] - '0';
    else
      return 2;
  }
  if (x && n == 3)
    assert(0 && "-x with -n 3");
  return 0;
}
