// Own variadic functions using va_list: int, long long, double, long double, pointer and
// string arguments, va_copy for a second pass, passing va_list to helpers (vprintf/vsnprintf).
#include <stdarg.h>
#include <stdio.h>

__attribute__((noinline)) static long sum_ints(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

__attribute__((noinline)) static double sum_doubles(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s;
}

__attribute__((noinline)) static long double sum_ld(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long double);
    va_end(ap);
    return s;
}

/* format: i=int, l=long long, d=double, L=long double, s=string, p=int pointer */
__attribute__((noinline)) static void mixed(const char *fmt, ...) {
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    for (const char *f = fmt; *f; f++) {
        switch (*f) {
        case 'i': printf("i:%d ", va_arg(ap, int)); break;
        case 'l': printf("l:%lld ", va_arg(ap, long long)); break;
        case 'd': printf("d:%a ", va_arg(ap, double)); break;
        case 'L': printf("L:%La ", va_arg(ap, long double)); break;
        case 's': printf("s:%s ", va_arg(ap, const char *)); break;
        case 'p': { int *p = va_arg(ap, int *); printf("p:%d ", *p); *p += 1; break; }
        }
    }
    va_end(ap);
    /* second pass with the copy: count numeric total */
    double tot = 0;
    for (const char *f = fmt; *f; f++) {
        switch (*f) {
        case 'i': tot += va_arg(ap2, int); break;
        case 'l': tot += (double)va_arg(ap2, long long); break;
        case 'd': tot += va_arg(ap2, double); break;
        case 'L': tot += (double)va_arg(ap2, long double); break;
        case 's': (void)va_arg(ap2, const char *); break;
        case 'p': tot += *va_arg(ap2, int *); break;
        }
    }
    va_end(ap2);
    printf("| total %a\n", tot);
}

__attribute__((noinline)) static int my_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char buf[128];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    printf("[%d] %s", n, buf);
    va_start(ap, fmt);
    n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    printf("ints %ld %ld\n", sum_ints(3, 1, 2, 3), sum_ints(10, -1, -2, -3, 4, 5, 6, 7, 8, 9, 2147483647));
    printf("dbl %a\n", sum_doubles(9, 0.1, 0.2, 0.3, 1e16, -1e16, 1.5, 2.25, 3.125, -0.0));
    printf("ld %La\n", sum_ld(4, 0.1L, 1e-20L, 3.0L, -1.0L));
    int cell = 41;
    mixed("idLsplid", 7, 2.5, 1.25L, "hello", &cell, 123456789012LL, -8, 0.1);
    mixed("LLLLddddiiiiii", 1.0L, 2.0L, 3.0L, 4.0L, 1.0, 2.0, 3.0, 4.0, 1, 2, 3, 4, 5, 6);
    mixed("p", &cell);
    printf("cell %d\n", cell);
    int r = my_printf("%d %s %.3f %c\n", 42, "str", 3.14159, 'Z');
    printf("ret %d\n", r);
    /* many args to force stack passing */
    mixed("ddddddddddiiiiiiiii", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 1, 2, 3, 4, 5, 6,
          7, 8, 9);
    return 0;
}
