// printf flags and dynamic widths: * and .* for width/precision (including negative width
// meaning left-justify and negative precision meaning default), combinations of - + space # 0
// on integers, floats and strings, %s with precision (truncation), %-*s tables.
#include <stdio.h>

int main(void) {
    volatile int widths[] = {0, 1, 5, 12, -8};
    volatile int precs[] = {-1, 0, 2, 6, 10};
    volatile double x = 3.14159265358979, y = -0.0001234;
    volatile int k = -4217;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            int w = widths[i], p = precs[j];
            printf("w=%d p=%d [%*.*f] [%*.*e] [%*.*g] [%*.*d] [%*.*s] [%-*.*x]\n", w, p, w, p, x, w, p, y, w, p, x, w, p,
                   k, w, p, "string", w, p, (unsigned)k);
        }
    /* flag combinations */
    const char *fl[] = {"%d", "%+d", "% d", "%-6d|", "%06d", "%+06d", "%- 6d|", "%#x", "%#o", "%#08x", "%+.3d", "%-06d|"};
    for (int i = 0; i < 12; i++) {
        printf("[");
        printf(fl[i], 77);
        printf("] [");
        printf(fl[i], -77);
        printf("]\n");
    }
    const char *ff[] = {"%f", "%+f", "% f", "%-12f|", "%012f", "%+012.3f", "%#.0f", "%#.0e", "%#g", "%+.3e", "%012a", "%-+12.2a|"};
    for (int i = 0; i < 12; i++) {
        printf("[");
        printf(ff[i], 2.5);
        printf("] [");
        printf(ff[i], -0.0);
        printf("]\n");
    }
    /* table with %-*s and %*s */
    const char *names[] = {"alpha", "be", "gamma-ray", ""};
    for (int i = 0; i < 4; i++) printf("|%-*s|%*s|%.*s|\n", 10, names[i], 6, names[i], 3, names[i]);
    printf("[%s] [%10s] [%-10s] [%.2s] [%10.3s]\n", "abc", "abc", "abc", "abc", "abcdef");
    printf("[%5c] [%-5c] [%05d] [%-5d]\n", 'x', 'y', 42, 42);
    return 0;
}
