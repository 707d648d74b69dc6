// exit() with a status outside 0..255: only the low 8 bits are reported (exit(-2) -> 254),
// called through a volatile function pointer from a helper after partial output; pending
// stdio output written with fputs (no newline) is flushed by exit.
#include <stdio.h>
#include <stdlib.h>

static void (*volatile quit)(int) = exit;

__attribute__((noinline)) static int score(int i) { return (i * 37 + 11) % 17 - 8; }

__attribute__((noinline)) static void finish(int code) {
    printf("finishing with %d (low byte %d)\n", code, code & 0xff);
    fputs("pending output without newline", stdout);
    quit(code);
    printf("not reached\n");
}

int main(void) {
    int total = 0;
    for (int i = 0; i < 6; i++) {
        int s = score(i);
        total += s;
        printf("line %d score %d total %d\n", i, s, total);
    }
    volatile int code = -2;
    if (total != 12345) finish(code);
    return 0;
}
