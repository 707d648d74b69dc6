/* floatsym libc: the scanf family (scanf, fscanf, sscanf, their va_list
 * forms and glibc's __isoc99_ names), as C code so a symbolic input is
 * scanned and explored, not concretised.
 *
 * The input is scanned as glibc 2.36's vfscanf scans it: the characters a
 * conversion accepts, how width counts, "0x" prefixes, signs, nan/inf,
 * hexadecimal floats, what is a matching and what an input failure. The
 * accepted characters are then converted by this library's strtod,
 * strtof, strtold (strtod.c: correctly rounded in the current rounding
 * mode, bit-exact with glibc), strtoll and strtoull, so %f %lf %Lf %e %g
 * %a on symbolic characters branch on them as the conversion does.
 *
 * A stream is read with fgetc and the one character read past a
 * conversion is pushed back with ungetc, as glibc does. Positional
 * arguments (%n$) and wide-character conversions (%lc %ls %l[ %C %S) end
 * the path with an error naming the call (__floatsym_unsupported), never
 * a silent wrong answer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct _IO_FILE FILE;
extern FILE *stdin;

int fgetc(FILE *f);
int ungetc(int c, FILE *f);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
double strtod(const char *s, char **end);
float strtof(const char *s, char **end);
long double strtold(const char *s, char **end);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
void __floatsym_unsupported(const char *fn, const char *what);

int scanf(const char *fmt, ...);
int fscanf(FILE *f, const char *fmt, ...);
int sscanf(const char *s, const char *fmt, ...);
int vscanf(const char *fmt, va_list ap);
int vfscanf(FILE *f, const char *fmt, va_list ap);
int vsscanf(const char *s, const char *fmt, va_list ap);
int __isoc99_scanf(const char *fmt, ...);
int __isoc99_fscanf(FILE *f, const char *fmt, ...);
int __isoc99_sscanf(const char *s, const char *fmt, ...);
int __isoc99_vscanf(const char *fmt, va_list ap);
int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap);
int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap);

/* The input: a string or a stream, with one character of look-ahead. */
struct in {
	const unsigned char *s;
	FILE *f;
	long pos;   /* characters consumed (%n) */
	int cur;    /* the look-ahead character (stream), valid when have */
	int have;
	int at_eof; /* the end of the input was seen */
};

static int peek(struct in *in)
{
	if (!in->f) {
		int c = in->s[in->pos];
		if (c == 0) {
			in->at_eof = 1;
			return -1;
		}
		return c;
	}
	if (!in->have) {
		in->cur = fgetc(in->f);
		in->have = 1;
	}
	if (in->cur < 0)
		in->at_eof = 1;
	return in->cur;
}

static void advance(struct in *in)
{
	in->pos++;
	in->have = 0;
}

/* finish pushes the look-ahead character back into the stream. */
static void finish(struct in *in)
{
	if (in->f && in->have && in->cur >= 0)
		ungetc(in->cur, in->f);
	in->have = 0;
}

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c; }

static int digit_val(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

static int skip_space(struct in *in)
{
	int c;
	while (is_space(c = peek(in)))
		advance(in);
	return c;
}

/* A growable buffer of accepted characters. */
struct buf {
	char *p;
	size_t n, cap;
	char small[64];
};

static void buf_init(struct buf *b)
{
	b->p = b->small;
	b->n = 0;
	b->cap = sizeof b->small;
}

static int buf_add(struct buf *b, int c)
{
	if (b->n + 1 >= b->cap) {
		size_t cap = b->cap * 2;
		char *p = malloc(cap);
		if (!p)
			return -1;
		memcpy(p, b->p, b->n);
		b->p = p; /* the old heap buffer is not freed: scanf's own */
		b->cap = cap;
	}
	b->p[b->n++] = (char)c;
	b->p[b->n] = 0;
	return 0;
}

/* scan_int accepts an integer as glibc does; base 0 for %i. Returns 0 on
 * a matching failure. */
static int scan_int(struct in *in, struct buf *b, int base, long width)
{
	int c = peek(in);
	if (width != 0 && (c == '-' || c == '+')) {
		buf_add(b, c);
		advance(in);
		width--;
		c = peek(in);
	}
	if (width != 0 && c == '0') {
		buf_add(b, '0');
		advance(in);
		width--;
		c = peek(in);
		if (width != 0 && (c == 'x' || c == 'X')) {
			if (base == 0)
				base = 16;
			if (base == 16) {
				advance(in);
				width--;
				c = peek(in);
			}
		} else if (base == 0) {
			base = 8;
		}
	}
	if (base == 0)
		base = 10;
	while (width != 0 && c >= 0 && digit_val(c) < base) {
		buf_add(b, c);
		advance(in);
		width--;
		c = peek(in);
	}
	if (b->n == 0 || (b->n == 1 && (b->p[0] == '+' || b->p[0] == '-')))
		return 0;
	return base;
}

/* word accepts w (lower case) case-insensitively; 0 when it does not
 * match (the characters read so far stay consumed, as in glibc). */
static int word(struct in *in, struct buf *b, const char *w, long *width)
{
	for (; *w; w++) {
		int c = peek(in);
		if (*width == 0 || c < 0 || lower(c) != *w)
			return 0;
		buf_add(b, c);
		advance(in);
		(*width)--;
	}
	return 1;
}

/* scan_float accepts the characters glibc's scanf accepts for a floating
 * conversion; 0 on a matching failure. */
static int scan_float(struct in *in, struct buf *b, long width)
{
	int c = peek(in);
	if (c == '-' || c == '+') {
		buf_add(b, c);
		advance(in);
		width--;
		c = peek(in);
	}
	if (width != 0 && lower(c) == 'n')
		return word(in, b, "nan", &width);
	if (width != 0 && lower(c) == 'i') {
		if (!word(in, b, "inf", &width))
			return 0;
		c = peek(in);
		if (width != 0 && lower(c) == 'i')
			return word(in, b, "inity", &width);
		return 1;
	}
	int hex = 0, exp_char = 'e';
	if (width != 0 && c == '0') {
		buf_add(b, c);
		advance(in);
		width--;
		c = peek(in);
		/* glibc takes the x only with room for a digit after it */
		if ((width < 0 || width >= 2) && lower(c) == 'x') {
			hex = 1;
			exp_char = 'p';
			buf_add(b, c);
			advance(in);
			width--;
			c = peek(in);
		}
	}
	int got_digit = b->n > 0 && b->p[b->n - 1] == '0';
	int got_dot = 0, got_e = 0;
	while (width != 0 && c >= 0) {
		if (c >= '0' && c <= '9')
			got_digit = 1;
		else if (!got_e && hex && digit_val(c) < 16)
			got_digit = 1;
		else if (got_e && lower((unsigned char)b->p[b->n - 1]) == exp_char && (c == '-' || c == '+'))
			;
		else if (got_digit && !got_e && lower(c) == exp_char)
			got_e = got_dot = 1;
		else if (!got_dot && c == '.')
			got_dot = 1;
		else
			break;
		buf_add(b, c);
		advance(in);
		width--;
		c = peek(in);
	}
	if (b->n == 1 && (b->p[0] == '+' || b->p[0] == '-'))
		return 0;
	/* "0x" and no more: a matching failure in glibc (the x consumed) */
	if (hex && lower((unsigned char)b->p[b->n - 1]) == 'x')
		return 0;
	return 1;
}

static void store_int(void *p, int size, unsigned long long v)
{
	switch (size) {
	case 1:
		*(unsigned char *)p = (unsigned char)v;
		break;
	case 2:
		*(unsigned short *)p = (unsigned short)v;
		break;
	case 4:
		*(unsigned *)p = (unsigned)v;
		break;
	default:
		*(unsigned long long *)p = v;
	}
}

static int scan(const char *name, struct in *in, const unsigned char *fmt, va_list ap)
{
	int done = 0;
#define INPUT_FAILURE() return done == 0 ? -1 : done
	for (; *fmt; fmt++) {
		int fc = *fmt;
		if (is_space(fc)) {
			skip_space(in);
			continue;
		}
		if (fc != '%') {
			int c = peek(in);
			if (c < 0)
				INPUT_FAILURE();
			if (c != fc)
				return done;
			advance(in);
			continue;
		}
		fmt++;
		int suppress = 0, alloc = 0;
		long width = -1;
		if (*fmt == '*') {
			suppress = 1;
			fmt++;
		}
		if (*fmt >= '0' && *fmt <= '9') {
			width = 0;
			while (*fmt >= '0' && *fmt <= '9')
				width = width * 10 + (*fmt++ - '0');
			if (*fmt == '$') {
				__floatsym_unsupported(name, "positional arguments (%n$) are not supported");
				return -1;
			}
			if (width == 0)
				width = -1;
		}
		if (*fmt == 'm') {
			alloc = 1;
			fmt++;
		}
		int size = 4, lng = 0;
		for (;; fmt++) {
			if (*fmt == 'h')
				size = size == 2 ? 1 : 2;
			else if (*fmt == 'l') {
				lng++;
				size = 8;
			} else if (*fmt == 'L' || *fmt == 'q') {
				lng = 2;
				size = 8;
			} else if (*fmt == 'j' || *fmt == 'z' || *fmt == 't')
				size = 8;
			else
				break;
		}
		int conv = *fmt;
		if (conv == 0)
			return done;
		struct buf b;
		buf_init(&b);
		switch (conv) {
		case '%': {
			int c = skip_space(in);
			if (c < 0)
				INPUT_FAILURE();
			if (c != '%')
				return done;
			advance(in);
			break;
		}
		case 'n':
			if (!suppress)
				store_int(va_arg(ap, void *), size, (unsigned long long)in->pos);
			break;
		case 'c':
		case 's':
		case '[':
		case 'C':
		case 'S': {
			if (lng > 0 || conv == 'C' || conv == 'S') {
				__floatsym_unsupported(name, "wide-character conversions are not supported");
				return -1;
			}
			unsigned char set[256];
			if (conv == '[') {
				for (int k = 0; k < 256; k++)
					set[k] = 0;
				const unsigned char *j = fmt + 1;
				int neg = 0;
				if (*j == '^') {
					neg = 1;
					j++;
				}
				const unsigned char *first = j;
				for (; *j && (*j != ']' || j == first); j++) {
					if (*j == '-' && j > first && j[1] && j[1] != ']' && j[-1] <= j[1]) {
						for (int ch = j[-1]; ch <= j[1]; ch++)
							set[ch] = 1;
						j++;
						continue;
					}
					set[*j] = 1;
				}
				if (!*j) {
					__floatsym_unsupported(name, "unterminated %[ in the format");
					return -1;
				}
				if (neg)
					for (int k = 0; k < 256; k++)
						set[k] = !set[k];
				fmt = j;
			}
			if (conv == 'c' && width < 0)
				width = 1;
			if (conv != 'c') {
				int c = conv == '[' ? peek(in) : skip_space(in);
				if (c < 0)
					INPUT_FAILURE();
			}
			while (width < 0 || (long)b.n < width) {
				int c = peek(in);
				if (c < 0 || (conv == 's' && is_space(c)) || (conv == '[' && !set[c]))
					break;
				buf_add(&b, c);
				advance(in);
			}
			if (b.n == 0) {
				if (conv == '[' && !in->at_eof)
					return done;
				INPUT_FAILURE();
			}
			if (!suppress) {
				size_t n = b.n + (conv != 'c');
				char *dst = va_arg(ap, char *);
				if (alloc) {
					char *p = malloc(n);
					if (!p)
						return done == 0 ? -1 : done;
					*(char **)dst = p;
					dst = p;
				}
				memcpy(dst, b.p, n); /* b.p is NUL-terminated */
				done++;
			}
			break;
		}
		case 'd':
		case 'i':
		case 'u':
		case 'o':
		case 'x':
		case 'X':
		case 'p': {
			int base = conv == 'i' ? 0 : conv == 'o' ? 8 : (conv == 'x' || conv == 'X' || conv == 'p') ? 16 : 10;
			if (conv == 'p')
				size = 8;
			if (skip_space(in) < 0)
				INPUT_FAILURE();
			base = scan_int(in, &b, base, width);
			if (!base)
				return done;
			if (!suppress) {
				unsigned long long v;
				if (conv == 'd' || conv == 'i')
					v = (unsigned long long)strtoll(b.p, 0, base);
				else
					v = strtoull(b.p, 0, base);
				store_int(va_arg(ap, void *), size, v);
				done++;
			}
			break;
		}
		case 'f':
		case 'F':
		case 'e':
		case 'E':
		case 'g':
		case 'G':
		case 'a':
		case 'A': {
			if (skip_space(in) < 0)
				INPUT_FAILURE();
			if (!scan_float(in, &b, width) || b.n == 0)
				return done;
			char *end;
			if (lng >= 2) {
				long double v = strtold(b.p, &end);
				if (end == b.p)
					return done;
				if (!suppress)
					*va_arg(ap, long double *) = v;
			} else if (lng == 1) {
				double v = strtod(b.p, &end);
				if (end == b.p)
					return done;
				if (!suppress)
					*va_arg(ap, double *) = v;
			} else {
				float v = strtof(b.p, &end);
				if (end == b.p)
					return done;
				if (!suppress)
					*va_arg(ap, float *) = v;
			}
			if (!suppress)
				done++;
			break;
		}
		default:
			__floatsym_unsupported(name, "unsupported conversion in the format");
			return -1;
		}
	}
	return done;
#undef INPUT_FAILURE
}

static int scan_string(const char *name, const char *s, const char *fmt, va_list ap)
{
	struct in in = {(const unsigned char *)s, 0, 0, 0, 0, 0};
	return scan(name, &in, (const unsigned char *)fmt, ap);
}

static int scan_stream(const char *name, FILE *f, const char *fmt, va_list ap)
{
	struct in in = {0, f, 0, 0, 0, 0};
	int r = scan(name, &in, (const unsigned char *)fmt, ap);
	finish(&in);
	return r;
}

int vsscanf(const char *s, const char *fmt, va_list ap) { return scan_string("vsscanf", s, fmt, ap); }
int vfscanf(FILE *f, const char *fmt, va_list ap) { return scan_stream("vfscanf", f, fmt, ap); }
int vscanf(const char *fmt, va_list ap) { return scan_stream("vscanf", stdin, fmt, ap); }
int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap) { return scan_string("vsscanf", s, fmt, ap); }
int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap) { return scan_stream("vfscanf", f, fmt, ap); }
int __isoc99_vscanf(const char *fmt, va_list ap) { return scan_stream("vscanf", stdin, fmt, ap); }

#define VARIADIC(fn, name, how, first, arg)            \
	int fn(first, const char *fmt, ...)             \
	{                                              \
		va_list ap;                            \
		va_start(ap, fmt);                     \
		int r = how(name, arg, fmt, ap);       \
		va_end(ap);                            \
		return r;                              \
	}
VARIADIC(sscanf, "sscanf", scan_string, const char *s, s)
VARIADIC(__isoc99_sscanf, "sscanf", scan_string, const char *s, s)
VARIADIC(fscanf, "fscanf", scan_stream, FILE *f, f)
VARIADIC(__isoc99_fscanf, "fscanf", scan_stream, FILE *f, f)

int scanf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_stream("scanf", stdin, fmt, ap);
	va_end(ap);
	return r;
}

int __isoc99_scanf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_stream("scanf", stdin, fmt, ap);
	va_end(ap);
	return r;
}
