/* floatsym libc: broken-down time (gmtime, localtime, mktime, timegm,
 * asctime, ctime, difftime), with the time zone UTC, as the deterministic
 * environment floatsym gives programs (the C locale, TZ unset; the
 * clock itself is the executor's model, builtins_time.go). The
 * conversions are glibc's: the proleptic Gregorian calendar, asctime's
 * "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n" format; a year asctime cannot print
 * in its buffer fails with EOVERFLOW, as glibc's does. */
#include <stddef.h>

#define EOVERFLOW 75

typedef long time_t;
struct tm {
	int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
	long tm_gmtoff;
	const char *tm_zone;
};

int *__errno_location(void);
int snprintf(char *s, size_t n, const char *fmt, ...);

struct tm *gmtime_r(const time_t *t, struct tm *tm);
struct tm *gmtime(const time_t *t);
struct tm *localtime_r(const time_t *t, struct tm *tm);
struct tm *localtime(const time_t *t);
time_t timegm(struct tm *tm);
time_t mktime(struct tm *tm);
char *asctime_r(const struct tm *tm, char *buf);
char *asctime(const struct tm *tm);
char *ctime_r(const time_t *t, char *buf);
char *ctime(const time_t *t);
double difftime(time_t a, time_t b);
void tzset(void);

char *tzname[2] = {"GMT", "GMT"};
long timezone = 0;
int daylight = 0;

static struct tm tmbuf;
/* glibc sizes asctime's own buffer for any int year */
static char ascbuf[64];

static int leap(long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

/* days_from_civil: days since 1970-01-01 of y-m-d (m 1..12). */
static long days_from_civil(long y, int m, int d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

struct tm *gmtime_r(const time_t *tp, struct tm *tm)
{
	long t = *tp;
	long days = t / 86400, rem = t % 86400;
	if (rem < 0) {
		rem += 86400;
		days--;
	}
	tm->tm_hour = (int)(rem / 3600);
	tm->tm_min = (int)(rem % 3600 / 60);
	tm->tm_sec = (int)(rem % 60);
	long wd = (4 + days) % 7;
	tm->tm_wday = (int)(wd < 0 ? wd + 7 : wd);
	/* civil_from_days */
	long z = days + 719468;
	long era = (z >= 0 ? z : z - 146096) / 146097;
	long doe = z - era * 146097;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long y = yoe + era * 400;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;
	int d = (int)(doy - (153 * mp + 2) / 5 + 1);
	int m = (int)(mp < 10 ? mp + 3 : mp - 9);
	y += m <= 2;
	if (y - 1900 > 2147483647L || y - 1900 < -2147483647L - 1) {
		*__errno_location() = EOVERFLOW;
		return 0;
	}
	tm->tm_year = (int)(y - 1900);
	tm->tm_mon = m - 1;
	tm->tm_mday = d;
	tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
	tm->tm_isdst = 0;
	tm->tm_gmtoff = 0;
	tm->tm_zone = "GMT";
	return tm;
}

struct tm *gmtime(const time_t *t) { return gmtime_r(t, &tmbuf); }

struct tm *localtime_r(const time_t *t, struct tm *tm)
{
	struct tm *r = gmtime_r(t, tm);
	if (r)
		r->tm_zone = "UTC";
	return r;
}

struct tm *localtime(const time_t *t) { return localtime_r(t, &tmbuf); }

void tzset(void) {}

time_t timegm(struct tm *tm)
{
	/* normalise the fields as mktime does (months into years, the rest
	 * through the seconds count) */
	long mon = tm->tm_mon, y = (long)tm->tm_year + 1900;
	y += mon / 12;
	mon %= 12;
	if (mon < 0) {
		mon += 12;
		y--;
	}
	long days = days_from_civil(y, (int)mon + 1, 1) + (long)tm->tm_mday - 1;
	time_t t = days * 86400 + (long)tm->tm_hour * 3600 + (long)tm->tm_min * 60 + tm->tm_sec;
	struct tm out;
	if (!gmtime_r(&t, &out))
		return -1;
	*tm = out;
	return t;
}

time_t mktime(struct tm *tm)
{
	time_t t = timegm(tm);
	if (t != -1 || tm->tm_zone)
		tm->tm_zone = "UTC";
	return t;
}

static const char wday_name[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
static const char mon_name[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

static char *asc(const struct tm *tm, char *buf, int size)
{
	const char *wd = tm->tm_wday >= 0 && tm->tm_wday < 7 ? wday_name[tm->tm_wday] : "???";
	const char *mn = tm->tm_mon >= 0 && tm->tm_mon < 12 ? mon_name[tm->tm_mon] : "???";
	int n = snprintf(buf, size, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", wd, mn, tm->tm_mday, tm->tm_hour, tm->tm_min,
	                 tm->tm_sec, 1900 + tm->tm_year);
	if (n < 0 || n >= size) {
		*__errno_location() = EOVERFLOW;
		return 0;
	}
	return buf;
}

char *asctime_r(const struct tm *tm, char *buf) { return asc(tm, buf, 26); }

char *asctime(const struct tm *tm) { return asc(tm, ascbuf, sizeof ascbuf); }

char *ctime_r(const time_t *t, char *buf)
{
	struct tm tm;
	if (!localtime_r(t, &tm))
		return 0;
	return asctime_r(&tm, buf);
}

char *ctime(const time_t *t) { return asctime(localtime(t)); }

double difftime(time_t a, time_t b) { return (double)a - (double)b; }

/* strftime in the C locale (glibc's output for every C99/POSIX
 * conversion; E and O modifiers change nothing in the C locale). Every
 * case writes tmp or points into a table: a switch choosing among string
 * literals, or an array of pointers to them, becomes a relative lookup
 * table that floatsym does not load; names are char arrays. glibc's
 * padding flags and field widths (%-d, %_5H) end the path with an error
 * naming the call. Returns 0 when the result (NUL included) does not fit. */
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm);
void __floatsym_unsupported(const char *fn, const char *what);

static const char wday_full[7][10] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
static const char mon_full[12][10] = {"January", "February", "March", "April", "May", "June",
                                         "July", "August", "September", "October", "November", "December"};

/* iso_week: ISO 8601 week number and its year of tm's date. */
static int iso_week(const struct tm *tm, long *year)
{
	long y = (long)tm->tm_year + 1900;
	int wday = (tm->tm_wday + 6) % 7; /* Monday 0 */
	int w = (tm->tm_yday - wday + 10) / 7;
	if (w < 1) {
		y--;
		int ydays = leap(y) ? 366 : 365;
		w = (tm->tm_yday + ydays - wday + 10) / 7;
	} else if (w == 53) {
		int ydays = leap(y) ? 366 : 365;
		if (tm->tm_yday - wday + 3 >= ydays) { /* Thursday of the week in next year */
			w = 1;
			y++;
		}
	}
	*year = y;
	return w;
}

size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
	size_t n = 0;
	char tmp[64];
	for (; *fmt; fmt++) {
		const char *add = tmp;
		if (*fmt != '%') {
			tmp[0] = *fmt;
			tmp[1] = 0;
		} else {
			fmt++;
			if (*fmt == '_' || *fmt == '-' || *fmt == '0' || *fmt == '^' || *fmt == '#' ||
			    (*fmt >= '1' && *fmt <= '9')) {
				__floatsym_unsupported("strftime", "padding flags and field widths are not supported");
				return 0;
			}
			if (*fmt == 'E' || *fmt == 'O')
				fmt++;
			int wd = tm->tm_wday >= 0 && tm->tm_wday < 7 ? tm->tm_wday : -1;
			int mo = tm->tm_mon >= 0 && tm->tm_mon < 12 ? tm->tm_mon : -1;
			long year = (long)tm->tm_year + 1900, iy;
			int h12 = tm->tm_hour % 12 == 0 ? 12 : tm->tm_hour % 12;
			switch (*fmt) {
			case 'a': add = wd < 0 ? "?" : wday_name[wd]; break;
			case 'A': add = wd < 0 ? "?" : wday_full[wd]; break;
			case 'b':
			case 'h': add = mo < 0 ? "?" : mon_name[mo]; break;
			case 'B': add = mo < 0 ? "?" : mon_full[mo]; break;
			case 'c':
				snprintf(tmp, sizeof tmp, "%s %s %2d %02d:%02d:%02d %ld", wd < 0 ? "?" : wday_name[wd],
				         mo < 0 ? "?" : mon_name[mo], tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec, year);
				break;
			case 'C': snprintf(tmp, sizeof tmp, "%02ld", year / 100 - (year % 100 < 0)); break;
			case 'd': snprintf(tmp, sizeof tmp, "%02d", tm->tm_mday); break;
			case 'D':
			case 'x':
				snprintf(tmp, sizeof tmp, "%02d/%02d/%02ld", tm->tm_mon + 1, tm->tm_mday, ((year % 100) + 100) % 100);
				break;
			case 'e': snprintf(tmp, sizeof tmp, "%2d", tm->tm_mday); break;
			case 'F': snprintf(tmp, sizeof tmp, "%ld-%02d-%02d", year, tm->tm_mon + 1, tm->tm_mday); break;
			case 'g': iso_week(tm, &iy); snprintf(tmp, sizeof tmp, "%02ld", ((iy % 100) + 100) % 100); break;
			case 'G': iso_week(tm, &iy); snprintf(tmp, sizeof tmp, "%ld", iy); break;
			case 'H': snprintf(tmp, sizeof tmp, "%02d", tm->tm_hour); break;
			case 'I': snprintf(tmp, sizeof tmp, "%02d", h12); break;
			case 'j': snprintf(tmp, sizeof tmp, "%03d", tm->tm_yday + 1); break;
			case 'k': snprintf(tmp, sizeof tmp, "%2d", tm->tm_hour); break;
			case 'l': snprintf(tmp, sizeof tmp, "%2d", h12); break;
			case 'm': snprintf(tmp, sizeof tmp, "%02d", tm->tm_mon + 1); break;
			case 'M': snprintf(tmp, sizeof tmp, "%02d", tm->tm_min); break;
			case 'n': snprintf(tmp, sizeof tmp, "\n"); break;
			case 'p': snprintf(tmp, sizeof tmp, "%s", tm->tm_hour < 12 ? "AM" : "PM"); break;
			case 'P': snprintf(tmp, sizeof tmp, "%s", tm->tm_hour < 12 ? "am" : "pm"); break;
			case 'r':
				snprintf(tmp, sizeof tmp, "%02d:%02d:%02d %s", h12, tm->tm_min, tm->tm_sec, tm->tm_hour < 12 ? "AM" : "PM");
				break;
			case 'R': snprintf(tmp, sizeof tmp, "%02d:%02d", tm->tm_hour, tm->tm_min); break;
			case 's': {
				struct tm c = *tm;
				snprintf(tmp, sizeof tmp, "%ld", (long)timegm(&c));
				break;
			}
			case 'S': snprintf(tmp, sizeof tmp, "%02d", tm->tm_sec); break;
			case 't': snprintf(tmp, sizeof tmp, "\t"); break;
			case 'T':
			case 'X': snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec); break;
			case 'u': snprintf(tmp, sizeof tmp, "%d", tm->tm_wday == 0 ? 7 : tm->tm_wday); break;
			case 'U': snprintf(tmp, sizeof tmp, "%02d", (tm->tm_yday + 7 - tm->tm_wday) / 7); break;
			case 'V': snprintf(tmp, sizeof tmp, "%02d", iso_week(tm, &iy)); break;
			case 'w': snprintf(tmp, sizeof tmp, "%d", tm->tm_wday); break;
			case 'W': snprintf(tmp, sizeof tmp, "%02d", (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7); break;
			case 'y': snprintf(tmp, sizeof tmp, "%02ld", ((year % 100) + 100) % 100); break;
			case 'Y': snprintf(tmp, sizeof tmp, "%ld", year); break;
			case 'z': snprintf(tmp, sizeof tmp, "+0000"); break;
			case 'Z': add = tm->tm_zone ? tm->tm_zone : "GMT"; break;
			case '%': snprintf(tmp, sizeof tmp, "%%"); break;
			case 0:
				fmt--;
				snprintf(tmp, sizeof tmp, "%%");
				break;
			default:
				/* glibc copies an unknown conversion as it stands */
				tmp[0] = '%';
				tmp[1] = *fmt;
				tmp[2] = 0;
			}
		}
		for (; *add; add++) {
			if (n + 1 >= max)
				return 0;
			s[n++] = *add;
		}
	}
	if (n >= max)
		return 0;
	s[n] = 0;
	return n;
}
