//go:build cgo && amd64

package arith

// The flags of each operation, read from the hardware: the C below clears
// the flags, runs the instruction sequence clang-14 emits for the
// operation (the same sequences the value functions reproduce, see the
// hwref oracle), and returns fetestexcept(FE_ALL_EXCEPT), all in one C call
// so nothing else runs on the thread in between.

/*
#cgo CFLAGS: -O2 -msse2
#cgo LDFLAGS: -lm
#pragma GCC optimize ("rounding-math", "signaling-nans")
#pragma STDC FENV_ACCESS ON
#define _GNU_SOURCE 1
#include <emmintrin.h>
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float fl_f(uint64_t lo) { uint32_t u = (uint32_t)lo; float f; memcpy(&f, &u, 4); return f; }
static inline double fl_d(uint64_t lo) { double d; memcpy(&d, &lo, 8); return d; }
static inline long double fl_ld(uint64_t lo, uint64_t hi) {
	long double x = 0;
	uint16_t se = (uint16_t)hi;
	memcpy(&x, &lo, 8);
	memcpy((char *)&x + 8, &se, 2);
	return x;
}

#define FL_BEGIN(rm) int fl_old = fegetround(); if (fl_old != (rm)) fesetround(rm); feclearexcept(FE_ALL_EXCEPT)
#define FL_END(rm) int fl_r = fetestexcept(FE_ALL_EXCEPT); if (fl_old != (rm)) fesetround(fl_old); feclearexcept(FE_ALL_EXCEPT); return fl_r

static float (*volatile fl_fmaf)(float, float, float) = fmaf;
static double (*volatile fl_fma)(double, double, double) = fma;
static long double (*volatile fl_fmal)(long double, long double, long double) = fmal;
static float (*volatile fl_f2[4])(float, float) = { fmodf, remainderf, fminf, fmaxf };
static double (*volatile fl_d2[4])(double, double) = { fmod, remainder, fmin, fmax };
static long double (*volatile fl_l2[4])(long double, long double) = { fmodl, remainderl, fminl, fmaxl };
static float (*volatile fl_f1[7])(float) = { floorf, ceilf, truncf, roundf, rintf, nearbyintf, roundevenf };
static double (*volatile fl_d1[7])(double) = { floor, ceil, trunc, round, rint, nearbyint, roundeven };
static long double (*volatile fl_l1[7])(long double) = { floorl, ceill, truncl, roundl, rintl, nearbyintl, roundevenl };

enum { FL_ADD, FL_SUB, FL_MUL, FL_DIV, FL_SQRT, FL_FMA, FL_REM, FL_REMAINDER, FL_MIN, FL_MAX, FL_ROUND, FL_CMP };

static int fl_op(int op, int kind, int rm, int aux, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi, uint64_t clo, uint64_t chi) {
	FL_BEGIN(rm);
	if (kind == 1) {
		float x = fl_f(alo), y = fl_f(blo);
		volatile float r;
		switch (op) {
		case FL_ADD: __asm__ volatile ("addss %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_SUB: __asm__ volatile ("subss %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_MUL: __asm__ volatile ("mulss %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_DIV: __asm__ volatile ("divss %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_SQRT: __asm__ volatile ("sqrtss %0, %0" : "+x"(x)); break;
		case FL_FMA: r = fl_fmaf(x, y, fl_f(clo)); break;
		case FL_REM: case FL_REMAINDER: r = fl_f2[op - FL_REM](x, y); break;
		case FL_MIN: case FL_MAX: {
			// clang: isnan(a) ? b : minss(b, a), branch-free.
			__m128 m = _mm_set_ss(x), t = _mm_set_ss(y);
			__asm__ volatile ("cmpunordss %0, %0" : "+x"(m));
			if (op == FL_MIN) __asm__ volatile ("minss %1, %0" : "+x"(t) : "x"(_mm_set_ss(x)));
			else __asm__ volatile ("maxss %1, %0" : "+x"(t) : "x"(_mm_set_ss(x)));
			break;
		}
		case FL_ROUND: r = fl_f1[aux](x); break;
		case FL_CMP: __asm__ volatile ("ucomiss %1, %0" : : "x"(x), "x"(y) : "cc"); break;
		}
		(void)r;
	} else if (kind == 2) {
		double x = fl_d(alo), y = fl_d(blo);
		volatile double r;
		switch (op) {
		case FL_ADD: __asm__ volatile ("addsd %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_SUB: __asm__ volatile ("subsd %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_MUL: __asm__ volatile ("mulsd %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_DIV: __asm__ volatile ("divsd %1, %0" : "+x"(x) : "x"(y)); break;
		case FL_SQRT: __asm__ volatile ("sqrtsd %0, %0" : "+x"(x)); break;
		case FL_FMA: r = fl_fma(x, y, fl_d(clo)); break;
		case FL_REM: case FL_REMAINDER: r = fl_d2[op - FL_REM](x, y); break;
		case FL_MIN: case FL_MAX: {
			__m128d m = _mm_set_sd(x), t = _mm_set_sd(y);
			__asm__ volatile ("cmpunordsd %0, %0" : "+x"(m));
			if (op == FL_MIN) __asm__ volatile ("minsd %1, %0" : "+x"(t) : "x"(_mm_set_sd(x)));
			else __asm__ volatile ("maxsd %1, %0" : "+x"(t) : "x"(_mm_set_sd(x)));
			break;
		}
		case FL_ROUND: r = fl_d1[aux](x); break;
		case FL_CMP: __asm__ volatile ("ucomisd %1, %0" : : "x"(x), "x"(y) : "cc"); break;
		}
		(void)r;
	} else {
		long double x = fl_ld(alo, ahi), y = fl_ld(blo, bhi), r;
		volatile long double v;
		switch (op) {
		case FL_ADD: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfadd %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(x), "m"(y)); break;
		case FL_SUB: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfsub %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(x), "m"(y)); break;
		case FL_MUL: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfmul %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(x), "m"(y)); break;
		case FL_DIV: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfdiv %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(x), "m"(y)); break;
		case FL_SQRT: __asm__ volatile ("fldt %1\n\tfsqrt\n\tfstpt %0" : "=m"(r) : "m"(x)); break;
		case FL_FMA: v = fl_fmal(x, y, fl_ld(clo, chi)); break;
		case FL_REM: case FL_REMAINDER: case FL_MIN: case FL_MAX: v = fl_l2[op - FL_REM](x, y); break;
		case FL_ROUND: v = fl_l1[aux](x); break;
		case FL_CMP: __asm__ volatile ("fldt %1\n\tfldt %0\n\tfucomip %%st(1), %%st\n\tfstp %%st(0)" : : "m"(x), "m"(y) : "cc"); break;
		}
		(void)v;
	}
	FL_END(rm);
}

static int fl_conv(int from, int to, int rm, uint64_t lo, uint64_t hi) {
	FL_BEGIN(rm);
	if (from == 1 && to == 2) {
		float x = fl_f(lo); double r;
		__asm__ volatile ("cvtss2sd %1, %0" : "=x"(r) : "x"(x));
	} else if (from == 2 && to == 1) {
		double x = fl_d(lo); float r;
		__asm__ volatile ("cvtsd2ss %1, %0" : "=x"(r) : "x"(x));
	} else if (from == 1 && to == 3) {
		uint32_t x = (uint32_t)lo; long double r;
		__asm__ volatile ("flds %1\n\tfstpt %0" : "=m"(r) : "m"(x));
	} else if (from == 2 && to == 3) {
		uint64_t x = lo; long double r;
		__asm__ volatile ("fldl %1\n\tfstpt %0" : "=m"(r) : "m"(x));
	} else if (from == 3 && to == 2) {
		long double x = fl_ld(lo, hi); uint64_t r;
		__asm__ volatile ("fldt %1\n\tfstpl %0" : "=m"(r) : "m"(x));
	} else if (from == 3 && to == 1) {
		long double x = fl_ld(lo, hi); uint32_t r;
		__asm__ volatile ("fldt %1\n\tfstps %0" : "=m"(r) : "m"(x));
	}
	FL_END(rm);
}

static void fl_fist(long double x, int bytes) {
	uint16_t cw, tcw;
	__asm__ volatile ("fnstcw %0" : "=m"(cw));
	tcw = cw | 0x0c00;
	if (bytes == 2) { int16_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistps %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); }
	else if (bytes == 4) { int32_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpl %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); }
	else { int64_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpll %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); }
}

// fl_fptoint: width > 64 are libgcc calls; see arith.FPToSI / FPToUI for
// the lowering of the others.
static int fl_fptoint(int kind, int width, int sgn, uint64_t lo, uint64_t hi) {
	FL_BEGIN(FE_TONEAREST);
	if (width > 64) {
		volatile unsigned __int128 r;
		volatile float f; volatile double d; volatile long double l;
		if (kind == 1) { f = fl_f(lo); r = sgn ? (unsigned __int128)(__int128)f : (unsigned __int128)f; }
		else if (kind == 2) { d = fl_d(lo); r = sgn ? (unsigned __int128)(__int128)d : (unsigned __int128)d; }
		else { l = fl_ld(lo, hi); r = sgn ? (unsigned __int128)(__int128)l : (unsigned __int128)l; }
		(void)r;
	} else if (kind == 3) {
		long double x = fl_ld(lo, hi);
		if ((sgn && width <= 16) || (!sgn && width <= 15)) fl_fist(x, 2);
		else if ((sgn && width <= 32) || (!sgn && width <= 31)) fl_fist(x, 4);
		else if (sgn || width < 64) fl_fist(x, 8);
		else {
			// clang: fucomi against 2^63, fcmovbe of 2^63 or 0, fsubrp, fistpll.
			float two63 = 0x1p63f;
			uint16_t cw, tcw;
			uint64_t r;
			__asm__ volatile ("fnstcw %0" : "=m"(cw));
			tcw = cw | 0x0c00;
			__asm__ volatile (
				"fldt %[x]\n\t"
				"flds %[c]\n\t"
				"fucomi %%st(1), %%st\n\t"
				"fldz\n\t"
				"fcmovbe %%st(1), %%st\n\t"
				"fstp %%st(1)\n\t"
				"fsubrp %%st, %%st(1)\n\t"
				"fldcw %[tcw]\n\t"
				"fistpll %[r]\n\t"
				"fldcw %[cw]"
				: [r] "=m"(r)
				: [x] "m"(x), [c] "m"(two63), [tcw] "m"(tcw), [cw] "m"(cw)
				: "cc");
		}
	} else {
		int bits64 = !((sgn && width <= 32) || (!sgn && width <= 31));
		if (!sgn && width == 64) {
			// clang: cvtt(x) and cvtt(x - 2^63), both always executed.
			if (kind == 1) {
				float x = fl_f(lo), t = x, c = 0x1p63f; int64_t r1, r2;
				__asm__ volatile ("subss %1, %0" : "+x"(t) : "x"(c));
				__asm__ volatile ("cvttss2si %1, %0" : "=r"(r2) : "x"(t));
				__asm__ volatile ("cvttss2si %1, %0" : "=r"(r1) : "x"(x));
			} else {
				double x = fl_d(lo), t = x, c = 0x1p63; int64_t r1, r2;
				__asm__ volatile ("subsd %1, %0" : "+x"(t) : "x"(c));
				__asm__ volatile ("cvttsd2si %1, %0" : "=r"(r2) : "x"(t));
				__asm__ volatile ("cvttsd2si %1, %0" : "=r"(r1) : "x"(x));
			}
		} else if (kind == 1) {
			float x = fl_f(lo);
			if (bits64) { int64_t r; __asm__ volatile ("cvttss2si %1, %0" : "=r"(r) : "x"(x)); }
			else { int32_t r; __asm__ volatile ("cvttss2si %1, %0" : "=r"(r) : "x"(x)); }
		} else {
			double x = fl_d(lo);
			if (bits64) { int64_t r; __asm__ volatile ("cvttsd2si %1, %0" : "=r"(r) : "x"(x)); }
			else { int32_t r; __asm__ volatile ("cvttsd2si %1, %0" : "=r"(r) : "x"(x)); }
		}
	}
	FL_END(FE_TONEAREST);
}

static const uint32_t fl_magic_lo[4] __attribute__((aligned(16))) = { 0x43300000, 0x45300000, 0, 0 };
static const double fl_magic_sub[2] __attribute__((aligned(16))) = { 0x1p52, 0x1p84 };
static const float fl_u64_fudge[2] = { 0.0f, 0x1p64f };

// fl_itof: v is the integer sign- (signed) or zero-extended to 128 bits.
static int fl_itof(int width, int kind, int rm, int sgn, uint64_t lo, uint64_t hi) {
	FL_BEGIN(rm);
	int u64 = !sgn && width == 64;
	if (width > 64) {
		unsigned __int128 u = ((unsigned __int128)hi << 64) | lo;
		if (kind == 1) { volatile float r = sgn ? (float)(__int128)u : (float)u; (void)r; }
		else if (kind == 2) { volatile double r = sgn ? (double)(__int128)u : (double)u; (void)r; }
		else { volatile long double r = sgn ? (long double)(__int128)u : (long double)u; (void)r; }
	} else if (u64 && kind == 2) {
		__m128i x = _mm_cvtsi64_si128((long long)lo);
		__m128i m = _mm_load_si128((const __m128i *)fl_magic_lo);
		__m128d s = _mm_load_pd(fl_magic_sub);
		__m128d t;
		__asm__ volatile (
			"punpckldq %[m], %[x]\n\t"
			"subpd %[s], %[x]\n\t"
			"movapd %[x], %[t]\n\t"
			"unpckhpd %[x], %[t]\n\t"
			"addsd %[x], %[t]"
			: [x] "+x"(x), [t] "=&x"(t) : [m] "x"(m), [s] "x"(s));
	} else {
		int64_t v = (int64_t)lo;
		if (kind == 1) {
			float r;
			if (u64 && v < 0) {
				uint64_t h = (lo >> 1) | (lo & 1);
				__asm__ volatile ("cvtsi2ssq %1, %0\n\taddss %0, %0" : "=&x"(r) : "r"(h));
			} else {
				__asm__ volatile ("cvtsi2ssq %1, %0" : "=x"(r) : "r"(v));
			}
		} else if (kind == 2) {
			double r;
			__asm__ volatile ("cvtsi2sdq %1, %0" : "=x"(r) : "r"(v));
		} else {
			long double r;
			if (u64) {
				const float *f = &fl_u64_fudge[v < 0];
				__asm__ volatile ("fildll %1\n\tfadds %2\n\tfstpt %0" : "=m"(r) : "m"(v), "m"(*f));
			} else {
				__asm__ volatile ("fildll %1\n\tfstpt %0" : "=m"(r) : "m"(v));
			}
		}
	}
	FL_END(rm);
}
*/
import "C"

func flagRM(rm RoundingMode) C.int { return checkRM(rm) }
func flagKind(k Kind) C.int        { return checkKind(k) }
func cbool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

func nativeOpFlags(op FlagOp, k Kind, rm RoundingMode, aux int, a, b, c Word) Flags {
	return Flags(C.fl_op(C.int(op), flagKind(k), flagRM(rm), C.int(aux),
		C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi), C.uint64_t(c.Lo), C.uint64_t(c.Hi)))
}

func nativeConvFlags(from, to Kind, rm RoundingMode, a Word) Flags {
	return Flags(C.fl_conv(flagKind(from), flagKind(to), flagRM(rm), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

func nativeFPToIntFlags(k Kind, a Word, width int, signed bool) Flags {
	return Flags(C.fl_fptoint(flagKind(k), C.int(width), cbool(signed), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

func nativeIntToFPFlags(width int, k Kind, rm RoundingMode, a Word, signed bool) Flags {
	return Flags(C.fl_itof(C.int(width), flagKind(k), flagRM(rm), cbool(signed), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}
