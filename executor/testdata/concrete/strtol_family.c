// Integer parsing: atoi atol atoll strtol (bases 0, 2, 8, 10, 16, 36; endptr offsets;
// leading whitespace and signs; 0x prefix handling) strtoul (negative input wraps) strtoll
// strtoull, overflow saturation with errno ERANGE, invalid input leaving endptr at start.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    const char *ints[] = {"0", "42", "-17", "  +99xyz", "2147483647", "-2147483648", "12abc", "abc", "", " \t\n7"};
    for (int i = 0; i < 10; i++) printf("atoi '%s' = %d atol %ld atoll %lld\n", ints[i], atoi(ints[i]), atol(ints[i]), atoll(ints[i]));
    const char *in[] = {"123", "-0x1F", "0x1f", "0777", "0", "08", "  -42rest", "zz", "0x", "1010", "+7fffffffffffffff",
                        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
                        "-1", "0XABCdef", "  ", "z9"};
    int bases[] = {0, 10, 16, 8, 2, 36};
    for (int i = 0; i < 19; i++) {
        printf("'%s':", in[i]);
        for (int b = 0; b < 6; b++) {
            char *end;
            errno = 0;
            long v = strtol(in[i], &end, bases[b]);
            printf(" b%d=%ld/%ld%s", bases[b], v, (long)(end - in[i]), errno == ERANGE ? "R" : "");
        }
        printf("\n");
        char *e1, *e2, *e3;
        errno = 0;
        unsigned long u = strtoul(in[i], &e1, 0);
        int r1 = errno == ERANGE;
        errno = 0;
        long long ll = strtoll(in[i], &e2, 0);
        int r2 = errno == ERANGE;
        errno = 0;
        unsigned long long ull = strtoull(in[i], &e3, 16);
        int r3 = errno == ERANGE;
        printf("  ul %lu/%ld%d ll %lld/%ld%d ull16 %llu/%ld%d\n", u, (long)(e1 - in[i]), r1, ll, (long)(e2 - in[i]), r2,
               ull, (long)(e3 - in[i]), r3);
    }
    /* parse a list of numbers using endptr chaining */
    const char *list = "10 0x20 -030 +4 5z";
    const char *p = list;
    long sum = 0;
    for (;;) {
        char *end;
        long v = strtol(p, &end, 0);
        if (end == p) break;
        printf("item %ld\n", v);
        sum += v;
        p = end;
    }
    printf("sum %ld stopped at %ld '%s'\n", sum, (long)(p - list), p);
    return 0;
}
