// expect: free line 22
// Double free: a buffer is released by a cleanup helper and then freed again by the caller.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void fill(char *p, size_t n) {
    memset(p, 'a', n - 1);
    p[n - 1] = 0;
}
__attribute__((noinline)) static void cleanup(char *p) {
    printf("cleanup len %zu\n", strlen(p));
    free(p);
}

int main(void) {
    char *buf = malloc(32);
    fill(buf, 32);
    cleanup(buf);
    printf("freeing again\n");
    fflush(stdout);
    free(buf); // <- fault
    printf("not reached\n");
    return 0;
}
