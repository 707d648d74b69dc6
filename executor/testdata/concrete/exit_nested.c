// exit() called from deep inside nested calls: output printed before exit (including
// unterminated line in stdio buffer) must be flushed; status 7 is reported; code after the
// call never runs.
#include <stdio.h>
#include <stdlib.h>

static int depth_reached;

__attribute__((noinline)) static int level(int n, int target) {
    depth_reached = n;
    printf("enter %d\n", n);
    if (n == target) {
        printf("exiting at depth %d without newline...", n);
        exit(7);
    }
    int r = level(n + 1, target);
    printf("never printed %d\n", r);
    return r + 1;
}

int main(void) {
    volatile int target = 5;
    int sum = 0;
    for (int i = 0; i < 10; i++) sum += i * i;
    printf("sum %d\n", sum);
    level(0, target);
    printf("not reached %d\n", depth_reached);
    return 0;
}
