/* floatsym libc: the C locale, the only one a path has (<locale.h>).
 * setlocale accepts "C", "POSIX" and "" (the environment's default, which
 * is C here: the run's environment sets no LANG/LC_*) and queries; it
 * refuses other names with NULL, as glibc does for a locale that is not
 * installed. localeconv returns the C locale's conventions. */
#define _GNU_SOURCE
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stddef.h>
#include <wchar.h>

int strcmp(const char *a, const char *b);
int *__errno_location(void);

char *setlocale(int category, const char *locale)
{
	static char c[] = "C";
	if (category < 0 || category > 12 || category == 7)
		return NULL; /* glibc: LC_ALL is 6; 7 is unused */
	if (locale == NULL || locale[0] == 0 || !strcmp(locale, "C") || !strcmp(locale, "POSIX"))
		return c;
	return NULL;
}

struct lconv *localeconv(void)
{
	static char dot[] = ".", empty[] = "";
	static struct lconv l;
	l.decimal_point = dot;
	l.thousands_sep = empty;
	l.grouping = empty;
	l.int_curr_symbol = empty;
	l.currency_symbol = empty;
	l.mon_decimal_point = empty;
	l.mon_thousands_sep = empty;
	l.mon_grouping = empty;
	l.positive_sign = empty;
	l.negative_sign = empty;
	l.int_frac_digits = CHAR_MAX;
	l.frac_digits = CHAR_MAX;
	l.p_cs_precedes = CHAR_MAX;
	l.p_sep_by_space = CHAR_MAX;
	l.n_cs_precedes = CHAR_MAX;
	l.n_sep_by_space = CHAR_MAX;
	l.p_sign_posn = CHAR_MAX;
	l.n_sign_posn = CHAR_MAX;
	l.int_p_cs_precedes = CHAR_MAX;
	l.int_p_sep_by_space = CHAR_MAX;
	l.int_n_cs_precedes = CHAR_MAX;
	l.int_n_sep_by_space = CHAR_MAX;
	l.int_p_sign_posn = CHAR_MAX;
	l.int_n_sign_posn = CHAR_MAX;
	return &l;
}

/* nl_langinfo: the C locale's items (libc survey: units asks CODESET). */
char *nl_langinfo(nl_item item)
{
	static char codeset[] = "ANSI_X3.4-1968", radix[] = ".", empty[] = "";
	switch (item) {
	case CODESET:
		return codeset;
	case RADIXCHAR:
		return radix;
	default:
		return empty;
	}
}

/* The C locale's multibyte encoding is ASCII: bytes above 0x7f are
 * invalid (EILSEQ), as in glibc's C locale. */
size_t mbsrtowcs(wchar_t *dst, const char **src, size_t len, mbstate_t *ps)
{
	const unsigned char *s = (const unsigned char *)*src;
	size_t n = 0;
	(void)ps;
	for (;;) {
		if (dst && n == len) {
			*src = (const char *)s;
			return n;
		}
		if (*s > 0x7f) {
			*__errno_location() = 84; /* EILSEQ */
			if (dst)
				*src = (const char *)s;
			return (size_t)-1;
		}
		if (dst)
			dst[n] = *s;
		if (*s == 0) {
			if (dst)
				*src = NULL;
			return n;
		}
		n++;
		s++;
	}
}

/* wcswidth: printable ASCII is one column, other characters are not
 * printable in the C locale (-1). */
int wcswidth(const wchar_t *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n && s[i]; i++) {
		if (s[i] < 0x20 || s[i] > 0x7e)
			return -1;
		w++;
	}
	return w;
}

int wcwidth(wchar_t c)
{
	if (c == 0)
		return 0;
	return c >= 0x20 && c <= 0x7e ? 1 : -1;
}
