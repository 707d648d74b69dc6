// Static local variables: persistence across calls, per-function state, static arrays,
// static pointers to static data, initialization once.
#include <stdio.h>

__attribute__((noinline)) static int next_id(void) {
    static int id = 100;
    return id++;
}

__attribute__((noinline)) static double running_mean(double x) {
    static double sum;
    static int n;
    sum += x;
    n++;
    return sum / n;
}

__attribute__((noinline)) static const char *cycle(void) {
    static const char *words[] = {"red", "green", "blue"};
    static unsigned idx;
    return words[idx++ % 3];
}

__attribute__((noinline)) static int *hist_slot(int k) {
    static int hist[5];
    return &hist[k % 5];
}

__attribute__((noinline)) static unsigned long long lcg(void) {
    static unsigned long long state = 0x853c49e6748fea9bULL;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
}

__attribute__((noinline)) static char *buffer_fill(char c) {
    static char buf[16];
    static int pos;
    if (pos < 15) buf[pos++] = c;
    return buf;
}

int main(void) {
    for (int i = 0; i < 5; i++) printf("id %d\n", next_id());
    volatile double xs[] = {1.0, 2.0, 4.0, 0.1, 1e10};
    for (int i = 0; i < 5; i++) printf("mean %a\n", running_mean(xs[i]));
    for (int i = 0; i < 7; i++) printf("%s ", cycle());
    printf("\n");
    for (int i = 0; i < 23; i++) (*hist_slot(i * i))++;
    for (int i = 0; i < 5; i++) printf("hist %d = %d\n", i, *hist_slot(i));
    for (int i = 0; i < 5; i++) printf("lcg %llu\n", lcg());
    const char *s = "static";
    char *b = 0;
    for (int i = 0; s[i]; i++) b = buffer_fill(s[i]);
    buffer_fill('!');
    printf("buf %s\n", b);
    return 0;
}
