// expect: div line 10
// Integer division by zero: a budget is split among the items above a threshold, and for
// the last threshold no item qualifies, so the count is zero.
#include <stdio.h>

__attribute__((noinline)) static int share(int budget, const int *v, int n, int threshold) {
    int count = 0;
    for (int i = 0; i < n; i++)
        if (v[i] > threshold) count++;
    return budget / count; // <- fault
}

int main(void) {
    int v[] = {10, 20, 30, 40, 50};
    volatile int budget = 1000;
    volatile int thresholds[] = {5, 25, 45, 100};
    for (int t = 0; t < 4; t++) {
        printf("threshold %d\n", thresholds[t]);
        fflush(stdout);
        printf("share %d\n", share(budget, v, 5, thresholds[t]));
    }
    return 0;
}
