#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  const char *a = argv[1];
  if (a[0] == 'b' && a[1] == 'u' && a[2] == 'g')
    assert(0 && "argument spells bug");
  return 0;
}
