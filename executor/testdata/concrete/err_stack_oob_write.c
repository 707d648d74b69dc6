// expect: ptr line 19
// Out-of-bounds stack write: an off-by-one loop bound writes buf[8] of an 8-element local
// array; the array escapes to a helper so the store is not optimised away.
#include <stdio.h>

__attribute__((noinline)) static long total(const int *b, int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += b[i];
    return s;
}

int main(void) {
    int buf[8];
    volatile int limit = 8;
    for (int i = 0; i < limit; i++) buf[i] = i + 1;
    printf("total %ld\n", total(buf, 8));
    fflush(stdout);
    for (int i = 0; i <= limit; i++) {
        buf[i] = -i; // <- fault
    }
    printf("total %ld\n", total(buf, 8));
    return 0;
}
