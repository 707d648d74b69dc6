// Formatted output into buffers and plain output functions: snprintf with truncation and
// its return value (would-be length), snprintf(NULL,0,...) size queries, sprintf, building
// strings incrementally, then puts/fputs/putchar/fputc/fprintf to stdout; small stderr output.
#include <stdio.h>
#include <string.h>

int main(void) {
    char buf[16];
    int n = snprintf(buf, sizeof buf, "%s-%d-%.3f", "value", 12345, 2.0 / 3.0);
    printf("ret %d len %zu buf '%s'\n", n, strlen(buf), buf);
    n = snprintf(buf, 5, "%d", 1234567);
    printf("trunc ret %d buf '%s'\n", n, buf);
    n = snprintf(buf, 1, "abc");
    printf("size1 ret %d empty %d\n", n, buf[0] == 0);
    n = snprintf(NULL, 0, "%0*d|%La", 20, 7, 1.0L / 3.0L);
    printf("query %d\n", n);
    char big[256];
    int len = sprintf(big, "%x %o %e %g", 3054u, 8u, 1234.5, 0.0001);
    printf("sprintf %d '%s'\n", len, big);
    /* incremental building */
    size_t pos = 0;
    for (int i = 0; i < 10; i++) pos += (size_t)snprintf(big + pos, sizeof big - pos, "%d^2=%d;", i, i * i);
    puts(big);
    printf("pos %zu\n", pos);
    /* output functions */
    puts("puts adds a newline");
    fputs("fputs does not", stdout);
    putchar('\n');
    for (const char *p = "putchar loop"; *p; p++) putchar(*p);
    putchar('\n');
    fputc('X', stdout);
    fputc('\n', stdout);
    fprintf(stdout, "fprintf stdout %5.2f %s\n", 3.14159, "ok");
    fprintf(stderr, "stderr line (not compared)\n");
    fputs("to stderr\n", stderr);
    int r = puts("");
    printf("puts ret nonneg %d\n", r >= 0);
    /* embedded formatting of formatted strings */
    char inner[32], outer[64];
    snprintf(inner, sizeof inner, "[%6.2e]", -1.0 / 7.0);
    snprintf(outer, sizeof outer, "<%-20s>", inner);
    puts(outer);
    fflush(stdout);
    return 0;
}
