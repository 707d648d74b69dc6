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
