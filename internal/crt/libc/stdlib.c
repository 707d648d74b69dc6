/* floatsym libc: the integer parts of <stdlib.h> and <inttypes.h>.
 *
 * strtol and friends follow glibc 2.36's strtol_l.c step for step (C
 * locale, no "0b" prefix: that arrived in glibc 2.38), including where
 * *endptr points and when errno is set. qsort is glibc's merge sort
 * (msort.c), with the same sequence of comparator calls and the same
 * element addresses passed to the comparator, so programs whose comparator
 * is not a total order, or that count or print its calls, behave as
 * natively. rand/random are glibc's TYPE_3 additive feedback generator; its
 * state lives in this file's static data, i.e. in program memory, so every
 * path has its own copy.
 *
 * strtod, strtof, strtold, atof and getenv are built-in models of the
 * executor (builtins_stdlib.go).
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#define ERANGE 34
#define EINVAL 22

int *__errno_location(void);
void *malloc(size_t n);
void free(void *p);

typedef struct {
	int quot, rem;
} div_t;
typedef struct {
	long quot, rem;
} ldiv_t;
typedef struct {
	long long quot, rem;
} lldiv_t;
typedef struct {
	intmax_t quot, rem;
} imaxdiv_t;

long strtol(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
intmax_t strtoimax(const char *s, char **end, int base);
uintmax_t strtoumax(const char *s, char **end, int base);
long __strtol_internal(const char *s, char **end, int base, int group);
unsigned long __strtoul_internal(const char *s, char **end, int base, int group);
long long __strtoll_internal(const char *s, char **end, int base, int group);
unsigned long long __strtoull_internal(const char *s, char **end, int base, int group);
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
int abs(int i);
long labs(long i);
long long llabs(long long i);
intmax_t imaxabs(intmax_t i);
div_t div(int n, int d);
ldiv_t ldiv(long n, long d);
lldiv_t lldiv(long long n, long long d);
imaxdiv_t imaxdiv(intmax_t n, intmax_t d);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void qsort_r(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg);
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
int rand(void);
void srand(unsigned seed);
long random(void);
void srandom(unsigned seed);
int rand_r(unsigned *seed);

/* ---------------------------------------------------------------------- */
/* strtol family */

static int is_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* conv parses like glibc's ____strtoul_l_internal; it returns the
 * magnitude, and sets *neg and *overflow. */
static unsigned long long conv(const char *nptr, char **endptr, int base, int *neg, int *overflow)
{
	const unsigned char *s = (const unsigned char *)nptr, *save;
	unsigned long long cutoff, i = 0;
	unsigned cutlim;
	unsigned char c;

	*neg = 0;
	*overflow = 0;
	if (base < 0 || base == 1 || base > 36) {
		*__errno_location() = EINVAL;
		return 0;
	}
	while (is_space(*s))
		s++;
	if (*s == 0)
		goto noconv;
	if (*s == '-') {
		*neg = 1;
		s++;
	} else if (*s == '+') {
		s++;
	}
	if (*s == '0') {
		if ((base == 0 || base == 16) && (s[1] == 'x' || s[1] == 'X')) {
			s += 2;
			base = 16;
		} else if (base == 0) {
			base = 8;
		}
	} else if (base == 0) {
		base = 10;
	}
	save = s;
	cutoff = ULLONG_MAX / (unsigned)base;
	cutlim = (unsigned)(ULLONG_MAX % (unsigned)base);
	for (c = *s; c != 0; c = *++s) {
		unsigned d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'A' && c <= 'Z')
			d = c - 'A' + 10;
		else if (c >= 'a' && c <= 'z')
			d = c - 'a' + 10;
		else
			break;
		if ((int)d >= base)
			break;
		if (i > cutoff || (i == cutoff && d > cutlim)) {
			*overflow = 1;
		} else {
			i *= (unsigned)base;
			i += d;
		}
	}
	if (s == save)
		goto noconv;
	if (endptr != NULL)
		*endptr = (char *)s;
	return i;

noconv:
	/* "0x" followed by no hex digit: the 0 is the number, and the end
	 * points at the x. */
	if (endptr != NULL) {
		if (save - (const unsigned char *)nptr >= 2 && (save[-1] == 'x' || save[-1] == 'X') && save[-2] == '0')
			*endptr = (char *)&save[-1];
		else
			*endptr = (char *)nptr;
	}
	return 0;
}

static long long strto_signed(const char *s, char **end, int base)
{
	int neg, overflow;
	unsigned long long i = conv(s, end, base, &neg, &overflow);
	if (!overflow && i > (neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX))
		overflow = 1;
	if (overflow) {
		*__errno_location() = ERANGE;
		return neg ? LLONG_MIN : LLONG_MAX;
	}
	return neg ? (long long)(0 - i) : (long long)i;
}

static unsigned long long strto_unsigned(const char *s, char **end, int base)
{
	int neg, overflow;
	unsigned long long i = conv(s, end, base, &neg, &overflow);
	if (overflow) {
		*__errno_location() = ERANGE;
		return ULLONG_MAX;
	}
	return neg ? 0 - i : i;
}

long strtol(const char *s, char **end, int base)
{
	return strto_signed(s, end, base);
}

long long strtoll(const char *s, char **end, int base)
{
	return strto_signed(s, end, base);
}

intmax_t strtoimax(const char *s, char **end, int base)
{
	return strto_signed(s, end, base);
}

unsigned long strtoul(const char *s, char **end, int base)
{
	return strto_unsigned(s, end, base);
}

unsigned long long strtoull(const char *s, char **end, int base)
{
	return strto_unsigned(s, end, base);
}

uintmax_t strtoumax(const char *s, char **end, int base)
{
	return strto_unsigned(s, end, base);
}

long __strtol_internal(const char *s, char **end, int base, int group)
{
	(void)group;
	return strto_signed(s, end, base);
}

long long __strtoll_internal(const char *s, char **end, int base, int group)
{
	(void)group;
	return strto_signed(s, end, base);
}

unsigned long __strtoul_internal(const char *s, char **end, int base, int group)
{
	(void)group;
	return strto_unsigned(s, end, base);
}

unsigned long long __strtoull_internal(const char *s, char **end, int base, int group)
{
	(void)group;
	return strto_unsigned(s, end, base);
}

/* glibc: atoi(s) is (int) strtol(s, NULL, 10), errno included. */
int atoi(const char *s)
{
	return (int)strto_signed(s, NULL, 10);
}

long atol(const char *s)
{
	return strto_signed(s, NULL, 10);
}

long long atoll(const char *s)
{
	return strto_signed(s, NULL, 10);
}

/* ---------------------------------------------------------------------- */
/* abs, div */

/* abs of the most negative value is itself, as glibc's (two's complement,
 * no trap); the negation is done unsigned so it is defined here. */
int abs(int i)
{
	return i < 0 ? (int)(0u - (unsigned)i) : i;
}

long labs(long i)
{
	return i < 0 ? (long)(0ul - (unsigned long)i) : i;
}

long long llabs(long long i)
{
	return i < 0 ? (long long)(0ull - (unsigned long long)i) : i;
}

intmax_t imaxabs(intmax_t i)
{
	return i < 0 ? (intmax_t)((uintmax_t)0 - (uintmax_t)i) : i;
}

/* Division by zero and INT_MIN / -1 trap natively (SIGFPE); here they are
 * the executor's division errors. */
div_t div(int n, int d)
{
	div_t r;
	r.quot = n / d;
	r.rem = n % d;
	return r;
}

ldiv_t ldiv(long n, long d)
{
	ldiv_t r;
	r.quot = n / d;
	r.rem = n % d;
	return r;
}

lldiv_t lldiv(long long n, long long d)
{
	lldiv_t r;
	r.quot = n / d;
	r.rem = n % d;
	return r;
}

imaxdiv_t imaxdiv(intmax_t n, intmax_t d)
{
	imaxdiv_t r;
	r.quot = n / d;
	r.rem = n % d;
	return r;
}

/* ---------------------------------------------------------------------- */
/* qsort: glibc 2.36 msort.c */

struct msort_param {
	size_t s;
	int indirect;
	int (*cmp2)(const void *, const void *);
	int (*cmp3)(const void *, const void *, void *);
	void *arg;
	char *t;
};

static void copy(char *d, const char *s, size_t n)
{
	for (; n > 0; n--)
		*d++ = *s++;
}

static int call_cmp(const struct msort_param *p, const void *a, const void *b)
{
	if (p->cmp3 != NULL)
		return p->cmp3(a, b, p->arg);
	return p->cmp2(a, b);
}

static void msort_with_tmp(const struct msort_param *p, char *b, size_t n)
{
	char *b1, *b2, *tmp;
	size_t n1, n2, s;

	if (n <= 1)
		return;
	n1 = n / 2;
	n2 = n - n1;
	b1 = b;
	b2 = b + n1 * p->s;
	msort_with_tmp(p, b1, n1);
	msort_with_tmp(p, b2, n2);

	tmp = p->t;
	s = p->s;
	if (p->indirect) {
		/* Elements are pointers to the array's elements. */
		while (n1 > 0 && n2 > 0) {
			if (call_cmp(p, *(const void **)b1, *(const void **)b2) <= 0) {
				*(void **)tmp = *(void **)b1;
				b1 += sizeof(void *);
				--n1;
			} else {
				*(void **)tmp = *(void **)b2;
				b2 += sizeof(void *);
				--n2;
			}
			tmp += sizeof(void *);
		}
	} else {
		while (n1 > 0 && n2 > 0) {
			if (call_cmp(p, b1, b2) <= 0) {
				copy(tmp, b1, s);
				b1 += s;
				--n1;
			} else {
				copy(tmp, b2, s);
				b2 += s;
				--n2;
			}
			tmp += s;
		}
	}
	if (n1 > 0)
		copy(tmp, b1, n1 * s);
	copy(b, p->t, (n - n2) * s);
}

static void msort(void *b, size_t n, size_t s, int (*cmp2)(const void *, const void *),
		  int (*cmp3)(const void *, const void *, void *), void *arg)
{
	/* glibc puts buffers under 1024 bytes on the stack, larger ones on the
	 * heap (falling back to an in-place quicksort only when malloc fails
	 * or the buffer exceeds a quarter of physical memory). */
	union {
		char c[1024];
		void *align;
	} stackbuf;
	size_t size = n * s;
	char *tmp = NULL;
	struct msort_param p;

	if (s > 32)
		size = 2 * n * sizeof(void *) + s;
	if (size < 1024) {
		p.t = stackbuf.c;
	} else {
		tmp = malloc(size);
		if (tmp == NULL)
			return; /* not reached in floatsym's model of malloc */
		p.t = tmp;
	}
	p.s = s;
	p.indirect = 0;
	p.cmp2 = cmp2;
	p.cmp3 = cmp3;
	p.arg = arg;

	if (s > 32) {
		/* Indirect sorting: sort pointers, then permute the elements
		 * (Knuth vol. 3, exercise 5.2-10), as glibc does. */
		char *ip = (char *)b;
		void **tp = (void **)(p.t + n * sizeof(void *));
		void **t = tp;
		void *tmp_storage = (void *)(tp + n);
		size_t i;

		while ((void *)t < tmp_storage) {
			*t++ = ip;
			ip += s;
		}
		p.s = sizeof(void *);
		p.indirect = 1;
		msort_with_tmp(&p, p.t + n * sizeof(void *), n);

		for (i = 0, ip = (char *)b; i < n; i++, ip += s) {
			char *kp = tp[i];
			if (kp != ip) {
				size_t j = i;
				char *jp = ip;
				copy(tmp_storage, ip, s);
				do {
					size_t k = (size_t)(kp - (char *)b) / s;
					tp[j] = jp;
					copy(jp, kp, s);
					j = k;
					jp = kp;
					kp = tp[k];
				} while (kp != ip);
				tp[j] = jp;
				copy(jp, tmp_storage, s);
			}
		}
	} else {
		msort_with_tmp(&p, b, n);
	}
	if (tmp != NULL)
		free(tmp);
}

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	msort(base, n, size, cmp, NULL, NULL);
}

void qsort_r(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg)
{
	msort(base, n, size, NULL, cmp, arg);
}

/* glibc's bsearch (bits/stdlib-bsearch.h). */
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	size_t l = 0, u = n;
	while (l < u) {
		size_t idx = (l + u) / 2;
		const void *p = (const char *)base + idx * size;
		int c = cmp(key, p);
		if (c < 0)
			u = idx;
		else if (c > 0)
			l = idx + 1;
		else
			return (void *)p;
	}
	return NULL;
}

/* ---------------------------------------------------------------------- */
/* rand, random: glibc's random_r.c with the default TYPE_3 state (degree
 * 31, separation 3). The initial state is that of srandom(1), which is what
 * glibc's static table holds. */

#define RAND_DEG 31
#define RAND_SEP 3

static int32_t rand_state[RAND_DEG];
static int rand_f, rand_r_idx;
static int rand_seeded;

static int32_t random_step(void)
{
	uint32_t val;
	rand_state[rand_f] = (int32_t)((uint32_t)rand_state[rand_f] + (uint32_t)rand_state[rand_r_idx]);
	val = (uint32_t)rand_state[rand_f];
	if (++rand_f >= RAND_DEG) {
		rand_f = 0;
		++rand_r_idx;
	} else if (++rand_r_idx >= RAND_DEG) {
		rand_r_idx = 0;
	}
	return (int32_t)(val >> 1);
}

static void seed(unsigned s)
{
	int32_t word;
	int i, kc;
	if (s == 0)
		s = 1;
	rand_state[0] = (int32_t)s;
	word = (int32_t)s;
	for (i = 1; i < RAND_DEG; i++) {
		long hi = word / 127773;
		long lo = word % 127773;
		word = (int32_t)(16807 * lo - 2836 * hi);
		if (word < 0)
			word += 2147483647;
		rand_state[i] = word;
	}
	rand_f = RAND_SEP;
	rand_r_idx = 0;
	for (kc = RAND_DEG * 10; kc > 0; kc--)
		(void)random_step();
	rand_seeded = 1;
}

long random(void)
{
	if (!rand_seeded)
		seed(1);
	return random_step();
}

void srandom(unsigned s)
{
	seed(s);
}

int rand(void)
{
	return (int)random();
}

void srand(unsigned s)
{
	seed(s);
}

/* glibc's rand_r: a separate 32-bit LCG on the caller's seed. */
int rand_r(unsigned *seedp)
{
	unsigned next = *seedp;
	int result;

	next *= 1103515245;
	next += 12345;
	result = (unsigned)(next / 65536) % 2048;

	next *= 1103515245;
	next += 12345;
	result <<= 10;
	result ^= (unsigned)(next / 65536) % 1024;

	next *= 1103515245;
	next += 12345;
	result <<= 10;
	result ^= (unsigned)(next / 65536) % 1024;

	*seedp = next;
	return result;
}
