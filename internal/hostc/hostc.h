/* Host glibc entry points for package hostc. Every function runs the libc
 * call under the requested rounding mode (0 nearest, 1 down, 2 up, 3 toward
 * zero: the arith.RoundingMode numbering) and restores the caller's
 * floating-point environment before returning. */
#ifndef FLOATSYM_HOSTC_H
#define FLOATSYM_HOSTC_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* A value as arith.Word holds it: float/double bits in lo; x86_fp80 as the
 * 64-bit significand in lo and sign/exponent in the low 16 bits of hi. */
typedef struct {
	uint64_t lo, hi;
} hostc_word;

/* Float kinds (arith.Kind numbering). */
enum { HOSTC_F32 = 1, HOSTC_F64 = 2, HOSTC_F80 = 3 };

/* remquo's result i when glibc left *quo unwritten (a NaN result). */
#define HOSTC_QUO_UNWRITTEN (-0x5a5a5a5b)

/* T f(T) */
#define HOSTC_F1(X) X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) \
	X(tanh) X(asinh) X(acosh) X(atanh) X(exp) X(exp2) X(exp10) X(expm1) X(log) \
	X(log10) X(log2) X(log1p) X(logb) X(sqrt) X(cbrt) X(ceil) X(floor) X(trunc) \
	X(round) X(roundeven) X(rint) X(nearbyint) X(erf) X(erfc) X(lgamma) X(tgamma) \
	X(j0) X(j1) X(y0) X(y1) X(fabs) X(significand)
/* T f(T, T) */
#define HOSTC_F2(X) X(atan2) X(pow) X(hypot) X(fmod) X(remainder) X(fdim) X(fmax) \
	X(fmin) X(nextafter) X(copysign) X(fminimum) X(fmaximum) X(fminimum_num) \
	X(fmaximum_num) X(fminimum_mag) X(fmaximum_mag) X(fminimum_mag_num) \
	X(fmaximum_mag_num)
/* T f(T, T, T) */
#define HOSTC_F3(X) X(fma)
/* T f(T, long double) */
#define HOSTC_FT(X) X(nexttoward)
/* T f(T, int) */
#define HOSTC_FI(X) X(ldexp) X(scalbn)
/* T f(T, long) */
#define HOSTC_FLN(X) X(scalbln)
/* T f(int, T) */
#define HOSTC_IF(X) X(jn) X(yn)
/* T f(T, int *) and T f(T, T, int *) */
#define HOSTC_FO(X) X(frexp) X(lgamma_r) X(remquo)
/* T f(T, T *): modf; void sincos(T, T *, T *) */
#define HOSTC_FP(X) X(modf) X(sincos)
/* long f(T), int f(T) */
#define HOSTC_FL(X) X(lround) X(llround) X(lrint) X(llrint)
#define HOSTC_FN(X) X(ilogb) X(__fpclassify) X(__isnan) X(__isinf) X(__finite) \
	X(__signbit) X(__issignaling)

#define HOSTC_ENUM_(n) HOSTC_##n,
enum hostc_fn {
	HOSTC_NONE,
	HOSTC_F1(HOSTC_ENUM_) HOSTC_F2(HOSTC_ENUM_) HOSTC_F3(HOSTC_ENUM_)
	HOSTC_FT(HOSTC_ENUM_) HOSTC_FI(HOSTC_ENUM_) HOSTC_FLN(HOSTC_ENUM_) HOSTC_IF(HOSTC_ENUM_)
	HOSTC_FO(HOSTC_ENUM_) HOSTC_FP(HOSTC_ENUM_) HOSTC_FL(HOSTC_ENUM_)
	HOSTC_FN(HOSTC_ENUM_)
	HOSTC_NFUNCS
};
#undef HOSTC_ENUM_

/* Result of a call: r (and r2 for modf/sincos), an integer result or output
 * (frexp's exponent, remquo's quotient, lgamma's sign, lround's value), the
 * errno the call set (0 if none) and the exception flags it raised (FE_*). */
typedef struct {
	hostc_word r, r2;
	long long i;
	int err;
	int except;
	int ok;
} hostc_result;

void hostc_call(int fn, int kind, int rm, const hostc_word *a, const hostc_word *b,
		const hostc_word *c, long long n, hostc_result *res);
void hostc_nan(int kind, const char *tag, hostc_result *res);

/* Complex functions (complex.c): complex T f(complex T) ... */
#define HOSTC_C1(X) X(cexp) X(clog) X(csqrt) X(csin) X(ccos) X(ctan) X(csinh) X(ccosh) \
	X(ctanh) X(casin) X(cacos) X(catan) X(casinh) X(cacosh) X(catanh) X(cproj)
#define HOSTC_CENUM_(n) HOSTC_##n,
enum hostc_cfn {
	HOSTC_CNONE,
	HOSTC_C1(HOSTC_CENUM_)
	HOSTC_cabs, /* T cabs(complex T) */
	HOSTC_carg, /* T carg(complex T) */
	HOSTC_cpow, /* complex T cpow(complex T, complex T) */
	HOSTC_mul3, /* complex T __mulXc3(T, T, T, T) */
	HOSTC_div3, /* complex T __divXc3(T, T, T, T) */
	HOSTC_NCFUNCS
};
#undef HOSTC_CENUM_

/* a holds up to four values: the real and imaginary parts of the complex
 * arguments (or __mulXc3's four scalars); the result is r + r2 i (r alone
 * for cabs and carg). Float and double only. */
void hostc_complex(int fn, int kind, int rm, const hostc_word *a, hostc_result *res);

/* Argument kinds of hostc_format. */
enum {
	HOSTC_ARG_NONE,
	HOSTC_ARG_INT,
	HOSTC_ARG_LONG,
	HOSTC_ARG_LONGLONG,
	HOSTC_ARG_DOUBLE,
	HOSTC_ARG_LONGDOUBLE,
	HOSTC_ARG_STRING,
	HOSTC_ARG_WSTRING,
	HOSTC_ARG_POINTER,
	HOSTC_ARG_ERRNO
};

int hostc_format(int rm, const char *spec, int kind, long long i, const hostc_word *w,
		 const char *s, const wchar_t *ws, char *buf, size_t n, int *err);

void hostc_strtof(int kind, int rm, const char *s, hostc_result *res);

#endif
