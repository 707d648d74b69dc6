/* floatsym libc: BSD's <err.h> (err, errx, warn, warnx and their va_list
 * forms) as glibc writes them: "NAME: MESSAGE: strerror(errno)\n" on
 * stderr (no ": MESSAGE" for a NULL format, no strerror for the x
 * forms), NAME the last component of argv[0] (glibc's
 * program_invocation_short_name); err and errx then exit with the given
 * status. */
#include <stdarg.h>
#include <stddef.h>

typedef struct _IO_FILE FILE;
extern FILE *stderr;
int fprintf(FILE *f, const char *fmt, ...);
int vfprintf(FILE *f, const char *fmt, va_list ap);
int fputs(const char *s, FILE *f);
char *strerror(int e);
int *__errno_location(void);
void exit(int status) __attribute__((noreturn));
const char *__floatsym_progname(void);

void vwarn(const char *fmt, va_list ap);
void vwarnx(const char *fmt, va_list ap);
void warn(const char *fmt, ...);
void warnx(const char *fmt, ...);
void verr(int status, const char *fmt, va_list ap) __attribute__((noreturn));
void verrx(int status, const char *fmt, va_list ap) __attribute__((noreturn));
void err(int status, const char *fmt, ...) __attribute__((noreturn));
void errx(int status, const char *fmt, ...) __attribute__((noreturn));

static const char *short_name(void)
{
	const char *p = __floatsym_progname(), *s = p;
	for (; *p; p++)
		if (*p == '/')
			s = p + 1;
	return s;
}

static void report(int with_errno, const char *fmt, va_list ap)
{
	int e = *__errno_location();
	fprintf(stderr, "%s: ", short_name());
	if (fmt) {
		vfprintf(stderr, fmt, ap);
		if (with_errno)
			fputs(": ", stderr);
	}
	if (with_errno)
		fputs(strerror(e), stderr);
	fputs("\n", stderr);
}

void vwarn(const char *fmt, va_list ap) { report(1, fmt, ap); }
void vwarnx(const char *fmt, va_list ap) { report(0, fmt, ap); }

void verr(int status, const char *fmt, va_list ap)
{
	report(1, fmt, ap);
	exit(status);
}

void verrx(int status, const char *fmt, va_list ap)
{
	report(0, fmt, ap);
	exit(status);
}

void warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(1, fmt, ap);
	va_end(ap);
}

void warnx(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(0, fmt, ap);
	va_end(ap);
}

void err(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(1, fmt, ap);
	va_end(ap);
	exit(status);
}

void errx(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(0, fmt, ap);
	va_end(ap);
	exit(status);
}

/* POSIX strerror_r (glibc's __xpg_strerror_r, what <string.h> names
 * strerror_r outside _GNU_SOURCE): the message, truncated and ERANGE when
 * buf is too small; an unknown number gets "Unknown error N" and EINVAL. */
#define ERANGE 34
#define EINVAL_ 22
size_t strlen(const char *s);
int strncmp(const char *a, const char *b, size_t n);
int snprintf(char *s, size_t n, const char *fmt, ...);
int __xpg_strerror_r(int e, char *buf, size_t n);

int __xpg_strerror_r(int e, char *buf, size_t n)
{
	const char *m = strerror(e);
	if (strncmp(m, "Unknown error", 13) == 0) {
		snprintf(buf, n, "Unknown error %d", e);
		return EINVAL_;
	}
	size_t len = strlen(m);
	if (n > 0) {
		size_t k = len < n - 1 ? len : n - 1;
		for (size_t i = 0; i < k; i++)
			buf[i] = m[i];
		buf[k] = 0;
	}
	return n <= len ? ERANGE : 0;
}
