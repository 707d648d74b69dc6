// expect: assert line 21
// A failing assert() after some successful ones and some output: the computed sum of the
// first 10 squares is 385, and the assertion claiming it is below 200 fails.
#include <assert.h>
#include <stdio.h>

__attribute__((noinline)) static int sum_squares(int n) {
    int s = 0;
    for (int i = 1; i <= n; i++) s += i * i;
    return s;
}

int main(void) {
    volatile int n = 10;
    int s = sum_squares(n);
    printf("sum of squares %d\n", s);
    assert(s > 0);
    assert(n == 10);
    printf("about to check bound\n");
    fflush(stdout);
    assert(s < 200); // <- fault
    printf("not reached\n");
    return 0;
}
