/* argv made symbolic with -- --sym-arg 3. */
#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "go") == 0)
    assert(0 && "argv says go");
  return 0;
}
