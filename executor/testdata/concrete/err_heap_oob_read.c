// expect: ptr line 8
// Out-of-bounds heap read: reading element 10 of a 10-element malloc'd array (one past the
// end) through a helper with a runtime index.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int get(const int *p, int i) {
    return p[i]; // <- fault
}

int main(void) {
    int *p = malloc(10 * sizeof *p);
    for (int i = 0; i < 10; i++) p[i] = i * i;
    volatile int n = 10;
    long sum = 0;
    for (int i = 0; i < n; i++) sum += get(p, i);
    printf("sum %ld\n", sum);
    fflush(stdout);
    int v = get(p, n);
    printf("read %d\n", v != 12345);
    free(p);
    return 0;
}
