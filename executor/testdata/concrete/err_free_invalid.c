// expect: free line 13
// Invalid free: freeing a pointer into the middle of a heap block (not the start).
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *block = malloc(16 * sizeof *block);
    for (int i = 0; i < 16; i++) block[i] = i;
    volatile int skip = 4;
    int *tail = block + skip;
    printf("tail[0] %d\n", tail[0]);
    fflush(stdout);
    free(tail); // <- fault
    printf("not reached\n");
    return 0;
}
