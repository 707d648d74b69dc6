// Non-zero exit status via return from main: the status (3) is chosen by a computed
// decision, and stdout (ending without a newline) must be flushed before the process exits.
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static int checksum(const char *s) {
    int c = 0;
    while (*s) c = (c * 33 + *s++) % 251;
    return c;
}

__attribute__((noinline)) static int classify(int c) {
    if (c < 50) return 1;
    if (c < 150) return 2;
    return 3;
}

int main(void) {
    const char *words[] = {"floatsym", "klee", "llvm", "x86_fp80", "interpreter"};
    int hist[4] = {0};
    int last = 0;
    for (int i = 0; i < 5; i++) {
        int c = checksum(words[i]);
        last = classify(c);
        hist[last]++;
        printf("%-12s len %2zu checksum %3d class %d\n", words[i], strlen(words[i]), c, last);
    }
    printf("hist %d %d %d\n", hist[1], hist[2], hist[3]);
    volatile int force = 3;
    int status = hist[0] == 0 ? force : 1;
    printf("returning %d", status);
    return status;
}
