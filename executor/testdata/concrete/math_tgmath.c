// <tgmath.h> forms of the exactly defined libm functions on float, double
// and long double arguments (each resolves to the f, plain or l function),
// over special values (signed zeros, infinities, NaN, subnormals, the
// extremes, halfway cases) in all four rounding modes.
#include <fenv.h>
#include <float.h>
#include <stdio.h>
#include <tgmath.h>

static volatile float vf[] = {0.0f, -0.0f, 1.5f, -2.5f, 0.5f, 3.75f, -7.25f, 1e30f, FLT_MIN, -FLT_TRUE_MIN,
	FLT_MAX, 1.0f / 0.0f, -1.0f / 0.0f, 2.5f, 1e-40f, 8388607.5f};
static volatile double vd[] = {0.0, -0.0, 1.5, -2.5, 0.5, 3.75, -7.25, 1e300, DBL_MIN, -DBL_TRUE_MIN,
	DBL_MAX, 1.0 / 0.0, -1.0 / 0.0, 2.5, 1e-310, 4503599627370495.5};
static volatile long double vl[] = {0.0L, -0.0L, 1.5L, -2.5L, 0.5L, 3.75L, -7.25L, 1e4000L, LDBL_MIN,
	-LDBL_TRUE_MIN, LDBL_MAX, 1.0L / 0.0L, -1.0L / 0.0L, 2.5L, 1e-4940L, 9223372036854775807.5L};
#define N (sizeof vd / sizeof vd[0])

static volatile float nanf_;
static volatile double nand_;
static volatile long double nanl_;

#define ONE(T, FMT, a, b, c)                                                                           \
	do {                                                                                           \
		T x = (a), y = (b), z = (c), ip;                                                       \
		int e = 0, q = 0;                                                                      \
		printf(FMT " " FMT " " FMT " " FMT, fabs(x), copysign(x, y), sqrt(x), fma(x, y, z));  \
		printf(" " FMT " " FMT " " FMT " " FMT, fmin(x, y), fmax(x, y), fdim(x, y), fmod(x, y)); \
		printf(" " FMT " " FMT " " FMT " " FMT, remainder(x, y), floor(x), ceil(x), trunc(x)); \
		printf(" " FMT " " FMT " " FMT, round(x), rint(x), nearbyint(x));                      \
		printf(" %ld %lld %ld %lld", lrint(x), llrint(x), lround(x), llround(x));              \
		ip = frexp(x, &e);                                                                     \
		printf(" " FMT " %d", ip, e);                                                          \
		ip = remquo(x, y, &q);                                                                 \
		printf(" " FMT " %d", ip, q);                                                          \
		printf(" " FMT " " FMT " " FMT, ldexp(x, 7), scalbn(x, -1030), scalbln(x, 20000L));    \
		printf(" " FMT " %d " FMT " " FMT "\n", logb(x), ilogb(x), nextafter(x, y), nexttoward(x, (long double)y)); \
	} while (0)

int main(void) {
	static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
	nanf_ = 0.0f / 0.0f;
	nand_ = 0.0 / 0.0;
	nanl_ = 0.0L / 0.0L;
	for (int m = 0; m < 4; m++) {
		fesetround(modes[m]);
		printf("mode %d\n", m);
		for (unsigned i = 0; i < N; i++) {
			unsigned j = (i * 7 + 3) % N, k = (i * 5 + 1) % N;
			ONE(float, "%a", vf[i], vf[j], vf[k]);
			ONE(double, "%a", vd[i], vd[j], vd[k]);
			ONE(long double, "%La", vl[i], vl[j], vl[k]);
		}
		ONE(float, "%a", nanf_, vf[2], vf[3]);
		ONE(double, "%a", vd[2], nand_, vd[3]);
		ONE(long double, "%La", nanl_, vl[4], vl[5]);
	}
	fesetround(FE_TONEAREST);
	return 0;
}
