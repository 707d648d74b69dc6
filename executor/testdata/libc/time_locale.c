#define _GNU_SOURCE
// Time, clocks and the C locale: only what holds on every run (the
// executor's clock is deterministic, the native one is not).
#include <langinfo.h>
#include <limits.h>
#include <signal.h>
#include <wchar.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(void) {
	time_t t0 = time(NULL), t1;
	time(&t1);
	printf("time after 2023: %d, ordered: %d\n", t0 > 1600000000, t1 >= t0);
	clock_t c0 = clock();
	volatile double x = 0;
	for (int i = 0; i < 1000; i++)
		x += i;
	printf("clock ordered: %d\n", clock() >= c0 && c0 >= 0);
	struct timeval tv;
	printf("gettimeofday %d usec ok %d\n", gettimeofday(&tv, NULL), tv.tv_usec >= 0 && tv.tv_usec < 1000000);
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("monotonic %d nsec ok %d\n", b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec >= a.tv_nsec),
	       a.tv_nsec >= 0 && a.tv_nsec < 1000000000);
	printf("sleep %u\n", sleep(0));
	printf("setlocale query %s\n", setlocale(LC_ALL, NULL));
	printf("setlocale C %s POSIX %s\n", setlocale(LC_NUMERIC, "C"), setlocale(LC_ALL, "POSIX"));
	printf("setlocale bogus %d\n", setlocale(LC_ALL, "xx_YY.bogus") == NULL);
	struct lconv *l = localeconv();
	printf("decimal_point [%s] thousands [%s] grouping [%s] frac_digits %d\n", l->decimal_point,
	       l->thousands_sep, l->grouping, l->frac_digits == CHAR_MAX);
	printf("codeset %s radix %s\n", nl_langinfo(CODESET), nl_langinfo(RADIXCHAR));
	wchar_t w[8];
	const char *src = "abc";
	size_t n = mbsrtowcs(w, &src, 8, NULL);
	printf("mbsrtowcs %zu %d src null %d width %d\n", n, (int)w[1], src == NULL, wcswidth(w, 8));
	const char *bad = "a\xe9";
	printf("mbsrtowcs bad %d\n", (int)mbsrtowcs(w, &bad, 8, NULL));
	w[1] = 7;
	printf("wcswidth ctrl %d wcwidth %d %d\n", wcswidth(w, 3), wcwidth(L'x'), wcwidth(0));
	printf("isatty %d\n", isatty(0));
	printf("setenv %d get %s\n", setenv("FLOATSYM_T", "one", 0), getenv("FLOATSYM_T"));
	printf("no overwrite %d get %s\n", setenv("FLOATSYM_T", "two", 0), getenv("FLOATSYM_T"));
	printf("overwrite %d get %s\n", setenv("FLOATSYM_T", "three", 1), getenv("FLOATSYM_T"));
	printf("unset %d get %d\n", unsetenv("FLOATSYM_T"), getenv("FLOATSYM_T") == NULL);
	printf("bad name %d %d\n", setenv("A=B", "x", 1), setenv("", "x", 1));
	return 0;
}
