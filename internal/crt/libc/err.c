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
