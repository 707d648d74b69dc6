/* floatsym libc: the C locale, the only one a path has (<locale.h>).
 * setlocale accepts "C", "POSIX" and "" (the environment's default, which
 * is C here: the run's environment sets no LANG/LC_*) and queries; it
 * refuses other names with NULL, as glibc does for a locale that is not
 * installed. localeconv returns the C locale's conventions. */
#include <limits.h>
#include <locale.h>
#include <stddef.h>

int strcmp(const char *a, const char *b);

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
