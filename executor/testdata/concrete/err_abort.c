// expect: abort line 11
// abort() called from a nested helper when a validation fails, after printing output.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void validate(const int *v, int n) {
    for (int i = 0; i < n; i++) {
        printf("checking %d\n", v[i]);
        if (v[i] < 0) {
            fflush(stdout);
            abort(); // <- fault
        }
    }
}

int main(void) {
    volatile int bad = -3;
    int vals[] = {4, 8, 15, bad, 23};
    validate(vals, 5);
    printf("not reached\n");
    return 0;
}
