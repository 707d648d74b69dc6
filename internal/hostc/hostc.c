/* Host glibc calls for package hostc.
 *
 * The compiler must neither fold, nor inline, nor reason about these calls:
 * the results have to be glibc's own. cgo only accepts a fixed set of
 * compiler flags (not -fno-builtin or -frounding-math), so every libm
 * function is called through a declaration with another C name bound to the
 * glibc symbol by an asm label (hs_sin is "sin"): the compiler does not
 * know hs_sin and treats it as an opaque external call that may read the
 * rounding mode and write errno. (GCC otherwise assumes, for example, that
 * sinf never sets errno, and drops the errno read after it.) errno is also
 * accessed through a volatile lvalue. */
#if defined(__clang__)
#pragma STDC FENV_ACCESS ON
#elif defined(__GNUC__)
#pragma GCC optimize("rounding-math")
#endif

#define _GNU_SOURCE 1
#include <errno.h>
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostc.h"

#define LDBL long double

/* Opaque aliases of the glibc functions. */
#define DECL3(ret, n, params)                                   \
	extern ret hs_##n params __asm__(#n);
#define DECL_F1(n)                                                    \
	extern float hs_##n##f(float) __asm__(#n "f");                \
	extern double hs_##n(double) __asm__(#n);                     \
	extern LDBL hs_##n##l(LDBL) __asm__(#n "l");
#define DECL_F2(n)                                                    \
	extern float hs_##n##f(float, float) __asm__(#n "f");         \
	extern double hs_##n(double, double) __asm__(#n);             \
	extern LDBL hs_##n##l(LDBL, LDBL) __asm__(#n "l");
#define DECL_F3(n)                                                    \
	extern float hs_##n##f(float, float, float) __asm__(#n "f");  \
	extern double hs_##n(double, double, double) __asm__(#n);     \
	extern LDBL hs_##n##l(LDBL, LDBL, LDBL) __asm__(#n "l");
#define DECL_FT(n)                                                    \
	extern float hs_##n##f(float, LDBL) __asm__(#n "f");          \
	extern double hs_##n(double, LDBL) __asm__(#n);               \
	extern LDBL hs_##n##l(LDBL, LDBL) __asm__(#n "l");
#define DECL_FI(n)                                                    \
	extern float hs_##n##f(float, int) __asm__(#n "f");           \
	extern double hs_##n(double, int) __asm__(#n);                \
	extern LDBL hs_##n##l(LDBL, int) __asm__(#n "l");
#define DECL_FLN(n)                                                   \
	extern float hs_##n##f(float, long) __asm__(#n "f");          \
	extern double hs_##n(double, long) __asm__(#n);               \
	extern LDBL hs_##n##l(LDBL, long) __asm__(#n "l");
#define DECL_IF(n)                                                    \
	extern float hs_##n##f(int, float) __asm__(#n "f");           \
	extern double hs_##n(int, double) __asm__(#n);                \
	extern LDBL hs_##n##l(int, LDBL) __asm__(#n "l");
/* long and long long are the same on x86_64. */
#define DECL_FL(n)                                                    \
	extern long hs_##n##f(float) __asm__(#n "f");                 \
	extern long hs_##n(double) __asm__(#n);                       \
	extern long hs_##n##l(LDBL) __asm__(#n "l");
#define DECL_FN(n)                                                    \
	extern int hs_##n##f(float) __asm__(#n "f");                  \
	extern int hs_##n(double) __asm__(#n);                        \
	extern int hs_##n##l(LDBL) __asm__(#n "l");

HOSTC_F1(DECL_F1)
HOSTC_F2(DECL_F2)
HOSTC_F3(DECL_F3)
HOSTC_FT(DECL_FT)
HOSTC_FI(DECL_FI)
HOSTC_FLN(DECL_FLN)
HOSTC_IF(DECL_IF)
HOSTC_FL(DECL_FL)
HOSTC_FN(DECL_FN)

extern float hs_frexpf(float, int *) __asm__("frexpf");
extern double hs_frexp(double, int *) __asm__("frexp");
extern LDBL hs_frexpl(LDBL, int *) __asm__("frexpl");
extern float hs_lgamma_rf(float, int *) __asm__("lgammaf_r");
extern double hs_lgamma_r(double, int *) __asm__("lgamma_r");
extern LDBL hs_lgamma_rl(LDBL, int *) __asm__("lgammal_r");
extern float hs_remquof(float, float, int *) __asm__("remquof");
extern double hs_remquo(double, double, int *) __asm__("remquo");
extern LDBL hs_remquol(LDBL, LDBL, int *) __asm__("remquol");
extern float hs_modff(float, float *) __asm__("modff");
extern double hs_modf(double, double *) __asm__("modf");
extern LDBL hs_modfl(LDBL, LDBL *) __asm__("modfl");
extern void hs_sincosf(float, float *, float *) __asm__("sincosf");
extern void hs_sincos(double, double *, double *) __asm__("sincos");
extern void hs_sincosl(LDBL, LDBL *, LDBL *) __asm__("sincosl");
extern float hs_nanf(const char *) __asm__("nanf");
extern double hs_nan(const char *) __asm__("nan");
extern LDBL hs_nanl(const char *) __asm__("nanl");
extern float hs_strtof(const char *, char **) __asm__("strtof");
extern double hs_strtod(const char *, char **) __asm__("strtod");
extern LDBL hs_strtold(const char *, char **) __asm__("strtold");
extern int hs_snprintf(char *, size_t, const char *, ...) __asm__("snprintf");

static const int fe_modes[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

#define ERRNO (*(volatile int *)&errno)

/* Bit-exact conversions between hostc_word and C values. */
static inline float ld_f(const hostc_word *w)
{
	uint32_t u = (uint32_t)w->lo;
	float v;
	memcpy(&v, &u, 4);
	return v;
}
static inline double ld_d(const hostc_word *w)
{
	double v;
	memcpy(&v, &w->lo, 8);
	return v;
}
static inline LDBL ld_l(const hostc_word *w)
{
	unsigned char b[sizeof(LDBL)];
	uint16_t h = (uint16_t)w->hi;
	LDBL v;
	memset(b, 0, sizeof b);
	memcpy(b, &w->lo, 8);
	memcpy(b + 8, &h, 2);
	memcpy(&v, b, sizeof v);
	return v;
}
static inline void st_f(hostc_word *w, float v)
{
	uint32_t u;
	memcpy(&u, &v, 4);
	w->lo = u;
	w->hi = 0;
}
static inline void st_d(hostc_word *w, double v)
{
	memcpy(&w->lo, &v, 8);
	w->hi = 0;
}
static inline void st_l(hostc_word *w, LDBL v)
{
	unsigned char b[sizeof(LDBL)];
	uint16_t h;
	memcpy(b, &v, sizeof v);
	memcpy(&w->lo, b, 8);
	memcpy(&h, b + 8, 2);
	w->hi = h;
}

/* The environment switch around every libc call: the caller's environment
 * (Go's: round to nearest, no flags) is saved and restored in full. */
#define ENTER(rm)                       \
	fenv_t env_;                    \
	fegetenv(&env_);                \
	fesetround(fe_modes[(rm) & 3]); \
	feclearexcept(FE_ALL_EXCEPT);   \
	ERRNO = 0
#define LEAVE(res)                                           \
	do {                                                 \
		(res)->err = ERRNO;                          \
		(res)->except = fetestexcept(FE_ALL_EXCEPT); \
		fesetenv(&env_);                             \
	} while (0)

/* One switch per float kind: T is the C type, S the name suffix (pasted
 * after the family name), LD/ST the converters. The CASE_* macros are
 * redefined per kind before each use. */
#define KIND_SWITCH(T, S, LD, ST)                                    \
	{                                                            \
		T x = LD(a);                                         \
		switch (fn) {                                        \
			HOSTC_F1(CASE_F1)                            \
			HOSTC_F2(CASE_F2)                            \
			HOSTC_F3(CASE_F3)                            \
			HOSTC_FI(CASE_FI)                            \
			HOSTC_FLN(CASE_FI)                           \
			HOSTC_IF(CASE_IF)                            \
			HOSTC_FL(CASE_FL)                            \
			HOSTC_FN(CASE_FL)                            \
		case HOSTC_nexttoward:                               \
			ST(&res->r, hs_nexttoward##S(x, ld_l(b)));   \
			break;                                       \
		case HOSTC_frexp: {                                  \
			int e = 0;                                   \
			ST(&res->r, hs_frexp##S(x, &e));             \
			res->i = e;                                  \
			break;                                       \
		}                                                    \
		case HOSTC_lgamma_r: {                               \
			int sg = 0;                                  \
			ST(&res->r, hs_lgamma_r##S(x, &sg));         \
			res->i = sg;                                 \
			break;                                       \
		}                                                    \
		case HOSTC_remquo: {                                 \
			int q = HOSTC_QUO_UNWRITTEN;                 \
			ST(&res->r, hs_remquo##S(x, LD(b), &q));     \
			res->i = q;                                  \
			break;                                       \
		}                                                    \
		case HOSTC_modf: {                                   \
			T ip = 0;                                    \
			ST(&res->r, hs_modf##S(x, &ip));             \
			ST(&res->r2, ip);                            \
			break;                                       \
		}                                                    \
		case HOSTC_sincos: {                                 \
			T sv = 0, cv = 0;                            \
			hs_sincos##S(x, &sv, &cv);                   \
			ST(&res->r, sv);                             \
			ST(&res->r2, cv);                            \
			break;                                       \
		}                                                    \
		default:                                             \
			res->ok = 0;                                 \
		}                                                    \
	}

static void call_f(int fn, const hostc_word *a, const hostc_word *b, const hostc_word *c, long long nn,
		   hostc_result *res)
{
#define CASE_F1(n) case HOSTC_##n: st_f(&res->r, hs_##n##f(x)); break;
#define CASE_F2(n) case HOSTC_##n: st_f(&res->r, hs_##n##f(x, ld_f(b))); break;
#define CASE_F3(n) case HOSTC_##n: st_f(&res->r, hs_##n##f(x, ld_f(b), ld_f(c))); break;
#define CASE_FI(n) case HOSTC_##n: st_f(&res->r, hs_##n##f(x, nn)); break;
#define CASE_IF(n) case HOSTC_##n: st_f(&res->r, hs_##n##f((int)nn, x)); break;
#define CASE_FL(n) case HOSTC_##n: res->i = hs_##n##f(x); break;
	KIND_SWITCH(float, f, ld_f, st_f)
#undef CASE_F1
#undef CASE_F2
#undef CASE_F3
#undef CASE_FI
#undef CASE_IF
#undef CASE_FL
}

static void call_d(int fn, const hostc_word *a, const hostc_word *b, const hostc_word *c, long long nn,
		   hostc_result *res)
{
#define CASE_F1(n) case HOSTC_##n: st_d(&res->r, hs_##n(x)); break;
#define CASE_F2(n) case HOSTC_##n: st_d(&res->r, hs_##n(x, ld_d(b))); break;
#define CASE_F3(n) case HOSTC_##n: st_d(&res->r, hs_##n(x, ld_d(b), ld_d(c))); break;
#define CASE_FI(n) case HOSTC_##n: st_d(&res->r, hs_##n(x, nn)); break;
#define CASE_IF(n) case HOSTC_##n: st_d(&res->r, hs_##n((int)nn, x)); break;
#define CASE_FL(n) case HOSTC_##n: res->i = hs_##n(x); break;
	KIND_SWITCH(double, , ld_d, st_d)
#undef CASE_F1
#undef CASE_F2
#undef CASE_F3
#undef CASE_FI
#undef CASE_IF
#undef CASE_FL
}

static void call_l(int fn, const hostc_word *a, const hostc_word *b, const hostc_word *c, long long nn,
		   hostc_result *res)
{
#define CASE_F1(n) case HOSTC_##n: st_l(&res->r, hs_##n##l(x)); break;
#define CASE_F2(n) case HOSTC_##n: st_l(&res->r, hs_##n##l(x, ld_l(b))); break;
#define CASE_F3(n) case HOSTC_##n: st_l(&res->r, hs_##n##l(x, ld_l(b), ld_l(c))); break;
#define CASE_FI(n) case HOSTC_##n: st_l(&res->r, hs_##n##l(x, nn)); break;
#define CASE_IF(n) case HOSTC_##n: st_l(&res->r, hs_##n##l((int)nn, x)); break;
#define CASE_FL(n) case HOSTC_##n: res->i = hs_##n##l(x); break;
	KIND_SWITCH(LDBL, l, ld_l, st_l)
#undef CASE_F1
#undef CASE_F2
#undef CASE_F3
#undef CASE_FI
#undef CASE_IF
#undef CASE_FL
}

void hostc_call(int fn, int kind, int rm, const hostc_word *a, const hostc_word *b, const hostc_word *c,
		long long n, hostc_result *res)
{
	memset(res, 0, sizeof *res);
	res->ok = 1;
	ENTER(rm);
	switch (kind) {
	case HOSTC_F32:
		call_f(fn, a, b, c, n, res);
		break;
	case HOSTC_F64:
		call_d(fn, a, b, c, n, res);
		break;
	case HOSTC_F80:
		call_l(fn, a, b, c, n, res);
		break;
	default:
		res->ok = 0;
	}
	LEAVE(res);
}

void hostc_nan(int kind, const char *tag, hostc_result *res)
{
	memset(res, 0, sizeof *res);
	res->ok = 1;
	ENTER(0);
	switch (kind) {
	case HOSTC_F32:
		st_f(&res->r, hs_nanf(tag));
		break;
	case HOSTC_F64:
		st_d(&res->r, hs_nan(tag));
		break;
	case HOSTC_F80:
		st_l(&res->r, hs_nanl(tag));
		break;
	default:
		res->ok = 0;
	}
	LEAVE(res);
}

int hostc_format(int rm, const char *spec, int kind, long long i, const hostc_word *w, const char *s,
		 const wchar_t *ws, char *buf, size_t n, int *err)
{
	int r;
	hostc_result res;
	ENTER(rm);
	switch (kind) {
	case HOSTC_ARG_NONE:
		r = hs_snprintf(buf, n, spec);
		break;
	case HOSTC_ARG_INT:
		r = hs_snprintf(buf, n, spec, (int)i);
		break;
	case HOSTC_ARG_LONG:
		r = hs_snprintf(buf, n, spec, (long)i);
		break;
	case HOSTC_ARG_LONGLONG:
		r = hs_snprintf(buf, n, spec, i);
		break;
	case HOSTC_ARG_DOUBLE:
		r = hs_snprintf(buf, n, spec, ld_d(w));
		break;
	case HOSTC_ARG_LONGDOUBLE:
		r = hs_snprintf(buf, n, spec, ld_l(w));
		break;
	case HOSTC_ARG_STRING:
		r = hs_snprintf(buf, n, spec, s);
		break;
	case HOSTC_ARG_WSTRING:
		r = hs_snprintf(buf, n, spec, ws);
		break;
	case HOSTC_ARG_POINTER:
		r = hs_snprintf(buf, n, spec, (void *)(uintptr_t)i);
		break;
	case HOSTC_ARG_ERRNO:
		ERRNO = (int)i;
		r = hs_snprintf(buf, n, spec);
		break;
	default:
		r = -1;
		ERRNO = EINVAL;
	}
	if (r >= 0)
		ERRNO = 0;
	LEAVE(&res);
	*err = res.err;
	return r;
}

void hostc_strtof(int kind, int rm, const char *s, hostc_result *res)
{
	char *end = (char *)s;
	memset(res, 0, sizeof *res);
	res->ok = 1;
	ENTER(rm);
	switch (kind) {
	case HOSTC_F32:
		st_f(&res->r, hs_strtof(s, &end));
		break;
	case HOSTC_F64:
		st_d(&res->r, hs_strtod(s, &end));
		break;
	case HOSTC_F80:
		st_l(&res->r, hs_strtold(s, &end));
		break;
	default:
		res->ok = 0;
	}
	res->i = end - s;
	LEAVE(res);
}
