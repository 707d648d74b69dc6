/* Host complex functions for package hostc: glibc's <complex.h> functions
 * and the compiler-runtime helpers (__mulsc3, __divdc3, ...) clang calls for
 * complex multiplication and division, in float and double. As in hostc.c,
 * each is called through an opaque alias under the requested rounding mode. */
#if defined(__clang__)
#pragma STDC FENV_ACCESS ON
#elif defined(__GNUC__)
#pragma GCC optimize("rounding-math")
#endif

#include <complex.h>
#include <errno.h>
#include <fenv.h>
#include <string.h>

#include "hostc.h"

#define DECL_C1(n)                                                                        \
	extern float complex hc_##n##f(float complex) __asm__(#n "f");                    \
	extern double complex hc_##n(double complex) __asm__(#n);
HOSTC_C1(DECL_C1)
extern float hc_cabsf(float complex) __asm__("cabsf");
extern double hc_cabs(double complex) __asm__("cabs");
extern float hc_cargf(float complex) __asm__("cargf");
extern double hc_carg(double complex) __asm__("carg");
extern float complex hc_cpowf(float complex, float complex) __asm__("cpowf");
extern double complex hc_cpow(double complex, double complex) __asm__("cpow");
extern float complex hc_mulsc3(float, float, float, float) __asm__("__mulsc3");
extern double complex hc_muldc3(double, double, double, double) __asm__("__muldc3");
extern float complex hc_divsc3(float, float, float, float) __asm__("__divsc3");
extern double complex hc_divdc3(double, double, double, double) __asm__("__divdc3");

static const int fe_modes_c[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

static float ldf(const hostc_word *w)
{
	unsigned int u = (unsigned int)w->lo;
	float f;
	memcpy(&f, &u, 4);
	return f;
}
static double ldd(const hostc_word *w)
{
	double d;
	memcpy(&d, &w->lo, 8);
	return d;
}
static void stf(hostc_word *w, float f)
{
	unsigned int u;
	memcpy(&u, &f, 4);
	w->lo = u;
	w->hi = 0;
}
static void std_(hostc_word *w, double d)
{
	memcpy(&w->lo, &d, 8);
	w->hi = 0;
}

void hostc_complex(int fn, int kind, int rm, const hostc_word *a, hostc_result *res)
{
	fenv_t env;
	memset(res, 0, sizeof *res);
	res->ok = 1;
	fegetenv(&env);
	fesetround(fe_modes_c[rm & 3]);
	feclearexcept(FE_ALL_EXCEPT);
	*(volatile int *)&errno = 0;
	if (kind == HOSTC_F32) {
		float complex z = CMPLXF(ldf(&a[0]), ldf(&a[1]));
		float complex w = CMPLXF(ldf(&a[2]), ldf(&a[3]));
		float complex r = 0;
		switch (fn) {
#define CASE_C1(n) case HOSTC_##n: r = hc_##n##f(z); break;
		HOSTC_C1(CASE_C1)
#undef CASE_C1
		case HOSTC_cabs: r = hc_cabsf(z); break;
		case HOSTC_carg: r = hc_cargf(z); break;
		case HOSTC_cpow: r = hc_cpowf(z, w); break;
		case HOSTC_mul3: r = hc_mulsc3(ldf(&a[0]), ldf(&a[1]), ldf(&a[2]), ldf(&a[3])); break;
		case HOSTC_div3: r = hc_divsc3(ldf(&a[0]), ldf(&a[1]), ldf(&a[2]), ldf(&a[3])); break;
		default: res->ok = 0;
		}
		stf(&res->r, crealf(r));
		stf(&res->r2, cimagf(r));
	} else if (kind == HOSTC_F64) {
		double complex z = CMPLX(ldd(&a[0]), ldd(&a[1]));
		double complex w = CMPLX(ldd(&a[2]), ldd(&a[3]));
		double complex r = 0;
		switch (fn) {
#define CASE_C1(n) case HOSTC_##n: r = hc_##n(z); break;
		HOSTC_C1(CASE_C1)
#undef CASE_C1
		case HOSTC_cabs: r = hc_cabs(z); break;
		case HOSTC_carg: r = hc_carg(z); break;
		case HOSTC_cpow: r = hc_cpow(z, w); break;
		case HOSTC_mul3: r = hc_muldc3(ldd(&a[0]), ldd(&a[1]), ldd(&a[2]), ldd(&a[3])); break;
		case HOSTC_div3: r = hc_divdc3(ldd(&a[0]), ldd(&a[1]), ldd(&a[2]), ldd(&a[3])); break;
		default: res->ok = 0;
		}
		std_(&res->r, creal(r));
		std_(&res->r2, cimag(r));
	} else {
		res->ok = 0;
	}
	res->err = *(volatile int *)&errno;
	res->except = fetestexcept(FE_ALL_EXCEPT);
	fesetenv(&env);
}
