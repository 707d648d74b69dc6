#include <assert.h>
#include <unistd.h>
/* A getopt-driven program: the failure needs -a and -b with the argument 7,
 * in either order and either spelling (-b7 or -b 7). */
int main(int argc, char **argv) {
  int a = 0, b = 0, c;
  while ((c = getopt(argc, argv, "ab:")) != -1) {
    if (c == 'a')
      a = 1;
    else if (c == 'b')
      b = optarg[0] - '0';
    else
      return 2;
  }
  if (a && b == 7)
    assert(0 && "-a with -b 7");
  return 0;
}
