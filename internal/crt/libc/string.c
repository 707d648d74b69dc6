/* floatsym libc: <string.h> and <strings.h>.
 *
 * Plain C loops, so the functions also work on symbolic bytes. Results are
 * glibc 2.36's on x86_64: the comparison functions return the difference
 * of the first differing bytes as unsigned char (strcmp("abc", "abz") is
 * -23, not -1), which is what glibc's SSE2/AVX2 implementations return.
 * memcpy, memmove and memset are built-in models of the executor.
 */
#include <stddef.h>

void *malloc(size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
int strcoll(const char *a, const char *b);
char *strcpy(char *d, const char *s);
char *strncpy(char *d, const char *s, size_t n);
char *stpcpy(char *d, const char *s);
char *stpncpy(char *d, const char *s, size_t n);
char *strcat(char *d, const char *s);
char *strncat(char *d, const char *s, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strchrnul(const char *s, int c);
char *index(const char *s, int c);
char *rindex(const char *s, int c);
char *strstr(const char *h, const char *n);
char *strcasestr(const char *h, const char *n);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strdup(const char *s);
char *strndup(const char *s, size_t n);
char *strtok(char *s, const char *delim);
char *strtok_r(char *s, const char *delim, char **save);
char *strsep(char **sp, const char *delim);
int memcmp(const void *a, const void *b, size_t n);
int bcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
void *memrchr(const void *s, int c, size_t n);
void *rawmemchr(const void *s, int c);
void *memmem(const void *h, size_t hl, const void *n, size_t nl);
void *mempcpy(void *d, const void *s, size_t n);
void *memccpy(void *d, const void *s, int c, size_t n);
void bzero(void *s, size_t n);
void explicit_bzero(void *s, size_t n);

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;
	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	while (*p && *p == *q) {
		p++;
		q++;
	}
	return *p - *q;
}

int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	for (; n > 0; n--, p++, q++) {
		if (*p != *q)
			return *p - *q;
		if (*p == 0)
			return 0;
	}
	return 0;
}

/* The C locale's tolower on an unsigned char. */
static int lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

int strcasecmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	int r;
	while ((r = lower(*p) - lower(*q)) == 0 && *p) {
		p++;
		q++;
	}
	return r;
}

int strncasecmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	for (; n > 0; n--, p++, q++) {
		int r = lower(*p) - lower(*q);
		if (r != 0)
			return r;
		if (*p == 0)
			return 0;
	}
	return 0;
}

/* In the C locale strcoll is strcmp. */
int strcoll(const char *a, const char *b)
{
	return strcmp(a, b);
}

char *strcpy(char *d, const char *s)
{
	char *r = d;
	while ((*d++ = *s++) != 0)
		;
	return r;
}

char *stpcpy(char *d, const char *s)
{
	while ((*d = *s++) != 0)
		d++;
	return d;
}

char *strncpy(char *d, const char *s, size_t n)
{
	size_t i = 0;
	for (; i < n && s[i]; i++)
		d[i] = s[i];
	for (; i < n; i++)
		d[i] = 0;
	return d;
}

char *stpncpy(char *d, const char *s, size_t n)
{
	size_t i = 0, end;
	for (; i < n && s[i]; i++)
		d[i] = s[i];
	end = i;
	for (; i < n; i++)
		d[i] = 0;
	return d + end;
}

char *strcat(char *d, const char *s)
{
	strcpy(d + strlen(d), s);
	return d;
}

char *strncat(char *d, const char *s, size_t n)
{
	char *e = d + strlen(d);
	size_t i = 0;
	for (; i < n && s[i]; i++)
		e[i] = s[i];
	e[i] = 0;
	return d;
}

char *strchr(const char *s, int c)
{
	char ch = (char)c;
	for (;; s++) {
		if (*s == ch)
			return (char *)s;
		if (*s == 0)
			return NULL;
	}
}

char *strchrnul(const char *s, int c)
{
	char ch = (char)c;
	while (*s && *s != ch)
		s++;
	return (char *)s;
}

char *strrchr(const char *s, int c)
{
	char ch = (char)c;
	const char *r = NULL;
	for (;; s++) {
		if (*s == ch)
			r = s;
		if (*s == 0)
			return (char *)r;
	}
}

char *index(const char *s, int c)
{
	return strchr(s, c);
}

char *rindex(const char *s, int c)
{
	return strrchr(s, c);
}

char *strstr(const char *h, const char *n)
{
	if (*n == 0)
		return (char *)h;
	for (; *h; h++) {
		size_t i = 0;
		while (n[i] && h[i] == n[i])
			i++;
		if (n[i] == 0)
			return (char *)h;
	}
	return NULL;
}

char *strcasestr(const char *h, const char *n)
{
	if (*n == 0)
		return (char *)h;
	for (; *h; h++) {
		size_t i = 0;
		while (n[i] && lower((unsigned char)h[i]) == lower((unsigned char)n[i]))
			i++;
		if (n[i] == 0)
			return (char *)h;
	}
	return NULL;
}

static int in_set(char c, const char *set)
{
	for (; *set; set++)
		if (*set == c)
			return 1;
	return 0;
}

size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;
	while (s[n] && in_set(s[n], accept))
		n++;
	return n;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;
	while (s[n] && !in_set(s[n], reject))
		n++;
	return n;
}

char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	size_t i;
	if (d == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		d[i] = s[i];
	return d;
}

char *strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n), i;
	char *d = malloc(len + 1);
	if (d == NULL)
		return NULL;
	for (i = 0; i < len; i++)
		d[i] = s[i];
	d[len] = 0;
	return d;
}

/* glibc's __strtok_r, step for step (so *save ends where glibc's does). */
char *strtok_r(char *s, const char *delim, char **save)
{
	char *end;
	if (s == NULL)
		s = *save;
	if (*s == 0) {
		*save = s;
		return NULL;
	}
	s += strspn(s, delim);
	if (*s == 0) {
		*save = s;
		return NULL;
	}
	end = s + strcspn(s, delim);
	if (*end == 0) {
		*save = end;
		return s;
	}
	*end = 0;
	*save = end + 1;
	return s;
}

char *strtok(char *s, const char *delim)
{
	static char *olds;
	return strtok_r(s, delim, &olds);
}

char *strsep(char **sp, const char *delim)
{
	char *begin = *sp, *end;
	if (begin == NULL)
		return NULL;
	end = begin + strcspn(begin, delim);
	if (*end) {
		*end++ = 0;
		*sp = end;
	} else {
		*sp = NULL;
	}
	return begin;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	for (; n > 0; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

/* LLVM turns memcmp(...) == 0 into bcmp; glibc's bcmp is memcmp. */
int bcmp(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n);
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	unsigned char ch = (unsigned char)c;
	for (; n > 0; n--, p++)
		if (*p == ch)
			return (void *)p;
	return NULL;
}

void *memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *)s + n;
	unsigned char ch = (unsigned char)c;
	while (n-- > 0)
		if (*--p == ch)
			return (void *)p;
	return NULL;
}

void *rawmemchr(const void *s, int c)
{
	const unsigned char *p = s;
	unsigned char ch = (unsigned char)c;
	while (*p != ch)
		p++;
	return (void *)p;
}

void *memmem(const void *h, size_t hl, const void *n, size_t nl)
{
	const unsigned char *p = h, *q = n;
	size_t i;
	if (nl == 0)
		return (void *)h;
	for (i = 0; i + nl <= hl && i + nl >= nl; i++) {
		size_t j = 0;
		while (j < nl && p[i + j] == q[j])
			j++;
		if (j == nl)
			return (void *)(p + i);
	}
	return NULL;
}

void *mempcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;
	for (; n > 0; n--)
		*p++ = *q++;
	return p;
}

void *memccpy(void *d, const void *s, int c, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;
	unsigned char ch = (unsigned char)c;
	for (; n > 0; n--) {
		if ((*p++ = *q++) == ch)
			return p;
	}
	return NULL;
}

void bzero(void *s, size_t n)
{
	unsigned char *p = s;
	for (; n > 0; n--)
		*p++ = 0;
}

void explicit_bzero(void *s, size_t n)
{
	volatile unsigned char *p = s;
	for (; n > 0; n--)
		*p++ = 0;
}
