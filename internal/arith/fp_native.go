//go:build cgo && amd64

package arith

// The cgo half: operations the hardware must perform with a non-default
// rounding mode, and every x86_fp80 operation (C long double on x86_64 is
// the x87 80-bit format, so the x87 itself handles NaN propagation,
// pseudo-denormals and the invalid encodings).
//
// Each C function switches the rounding mode with fesetround (which sets
// both the x87 control word and MXCSR), does the operation on volatile
// operands, stores the result to a volatile, and restores the previous mode
// before returning: the Go runtime therefore never runs with a changed
// mode. -frounding-math and the volatiles keep gcc from folding the
// operation or moving it across the fesetround calls; -fsignaling-nans keeps
// it from assuming x-0 == x and friends. (cmd/go refuses those two flags in
// #cgo CFLAGS, so they are given to gcc by #pragma GCC optimize instead.)

/*
#cgo CFLAGS: -O2
#cgo LDFLAGS: -lm
#pragma GCC optimize ("rounding-math", "signaling-nans")
#pragma STDC FENV_ACCESS ON
#define _GNU_SOURCE 1
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct { uint64_t lo, hi; } fs_word;

static inline float fs_f(uint64_t lo) { uint32_t u = (uint32_t)lo; float f; memcpy(&f, &u, 4); return f; }
static inline double fs_d(uint64_t lo) { double d; memcpy(&d, &lo, 8); return d; }
static inline long double fs_ld(uint64_t lo, uint64_t hi) {
	long double x = 0;
	uint16_t se = (uint16_t)hi;
	memcpy(&x, &lo, 8);
	memcpy((char *)&x + 8, &se, 2);
	return x;
}
static inline fs_word fs_wf(float f) { uint32_t u; memcpy(&u, &f, 4); fs_word w = { u, 0 }; return w; }
static inline fs_word fs_wd(double d) { fs_word w = { 0, 0 }; memcpy(&w.lo, &d, 8); return w; }
static inline fs_word fs_wld(long double x) {
	fs_word w = { 0, 0 };
	uint16_t se;
	memcpy(&w.lo, &x, 8);
	memcpy(&se, (char *)&x + 8, 2);
	w.hi = se;
	return w;
}

static inline int fs_enter(int rm) {
	int old = fegetround();
	if (old != rm) fesetround(rm);
	return old;
}
static inline void fs_leave(int old, int rm) {
	if (old != rm) fesetround(old);
}

enum { FS_F32 = 1, FS_F64 = 2, FS_F80 = 3 };

static fs_word fs_arith(int kind, int op, int rm, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
	fs_word w;
	int old;
	switch (kind) {
	case FS_F32: {
		volatile float a = fs_f(alo), b = fs_f(blo), r;
		old = fs_enter(rm);
		switch (op) {
		case 0: r = a + b; break;
		case 1: r = a - b; break;
		case 2: r = a * b; break;
		default: r = a / b; break;
		}
		fs_leave(old, rm);
		w = fs_wf(r);
		break;
	}
	case FS_F64: {
		volatile double a = fs_d(alo), b = fs_d(blo), r;
		old = fs_enter(rm);
		switch (op) {
		case 0: r = a + b; break;
		case 1: r = a - b; break;
		case 2: r = a * b; break;
		default: r = a / b; break;
		}
		fs_leave(old, rm);
		w = fs_wd(r);
		break;
	}
	default: {
		volatile long double a = fs_ld(alo, ahi), b = fs_ld(blo, bhi), r;
		old = fs_enter(rm);
		switch (op) {
		case 0: r = a + b; break;
		case 1: r = a - b; break;
		case 2: r = a * b; break;
		default: r = a / b; break;
		}
		fs_leave(old, rm);
		w = fs_wld(r);
		break;
	}
	}
	return w;
}

static fs_word fs_sqrt(int kind, int rm, uint64_t lo, uint64_t hi) {
	fs_word w;
	int old;
	switch (kind) {
	case FS_F32: {
		volatile float a = fs_f(lo), r;
		float x;
		old = fs_enter(rm);
		x = a;
		__asm__ volatile ("sqrtss %1, %0" : "=x"(x) : "x"(x));
		r = x;
		fs_leave(old, rm);
		w = fs_wf(r);
		break;
	}
	case FS_F64: {
		volatile double a = fs_d(lo), r;
		double x;
		old = fs_enter(rm);
		x = a;
		__asm__ volatile ("sqrtsd %1, %0" : "=x"(x) : "x"(x));
		r = x;
		fs_leave(old, rm);
		w = fs_wd(r);
		break;
	}
	default: {
		volatile long double a = fs_ld(lo, hi), r;
		long double x;
		old = fs_enter(rm);
		x = a;
		__asm__ volatile ("fsqrt" : "+t"(x));
		r = x;
		fs_leave(old, rm);
		w = fs_wld(r);
		break;
	}
	}
	return w;
}

// Library functions are called through volatile pointers so gcc can neither
// expand them inline nor evaluate them at compile time.
static float (*volatile fs_fmaf)(float, float, float) = fmaf;
static double (*volatile fs_fma)(double, double, double) = fma;
static long double (*volatile fs_fmal)(long double, long double, long double) = fmal;

static fs_word fs_fma3(int kind, int rm, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi, uint64_t clo, uint64_t chi) {
	fs_word w;
	int old;
	switch (kind) {
	case FS_F32: {
		volatile float r;
		old = fs_enter(rm);
		r = fs_fmaf(fs_f(alo), fs_f(blo), fs_f(clo));
		fs_leave(old, rm);
		w = fs_wf(r);
		break;
	}
	case FS_F64: {
		volatile double r;
		old = fs_enter(rm);
		r = fs_fma(fs_d(alo), fs_d(blo), fs_d(clo));
		fs_leave(old, rm);
		w = fs_wd(r);
		break;
	}
	default: {
		volatile long double r;
		old = fs_enter(rm);
		r = fs_fmal(fs_ld(alo, ahi), fs_ld(blo, bhi), fs_ld(clo, chi));
		fs_leave(old, rm);
		w = fs_wld(r);
		break;
	}
	}
	return w;
}

static long double (*volatile fs_libm2l[4])(long double, long double) = { fmodl, remainderl, fminl, fmaxl };

// Exact / mode-independent x86_fp80 libm functions.
static fs_word fs_libm2(int fn, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
	volatile long double r = fs_libm2l[fn](fs_ld(alo, ahi), fs_ld(blo, bhi));
	return fs_wld(r);
}

static long double (*volatile fs_round1l[7])(long double) = { floorl, ceill, truncl, roundl, rintl, nearbyintl, roundevenl };

static fs_word fs_roundint80(int how, int rm, uint64_t lo, uint64_t hi) {
	volatile long double r;
	int old = fs_enter(rm);
	r = fs_round1l[how](fs_ld(lo, hi));
	fs_leave(old, rm);
	return fs_wld(r);
}

static fs_word fs_trunc(int from, int to, int rm, uint64_t lo, uint64_t hi) {
	fs_word w;
	int old;
	if (from == FS_F64) { // to float
		volatile double a = fs_d(lo);
		volatile float r;
		old = fs_enter(rm);
		r = (float)a;
		fs_leave(old, rm);
		return fs_wf(r);
	}
	volatile long double a = fs_ld(lo, hi);
	if (to == FS_F64) {
		volatile double r;
		old = fs_enter(rm);
		r = (double)a;
		fs_leave(old, rm);
		w = fs_wd(r);
	} else {
		volatile float r;
		old = fs_enter(rm);
		r = (float)a;
		fs_leave(old, rm);
		w = fs_wf(r);
	}
	return w;
}

// fs_fist is x87 fistp with the rounding control forced to truncation, as
// clang emits for fptosi/fptoui from x86_fp80 (bytes = 2, 4 or 8).
static int64_t fs_fist(long double x, int bytes) {
	uint16_t cw, tcw;
	__asm__ volatile ("fnstcw %0" : "=m"(cw));
	tcw = cw | 0x0c00;
	if (bytes == 2) {
		int16_t r;
		__asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistps %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw));
		return r;
	}
	if (bytes == 4) {
		int32_t r;
		__asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpl %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw));
		return r;
	}
	int64_t r;
	__asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpll %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw));
	return r;
}

static fs_word fs_f80toint(uint64_t lo, uint64_t hi, int width, int sgn) {
	volatile long double vx = fs_ld(lo, hi);
	long double x = vx;
	fs_word w = { 0, 0 };
	if (width > 64) {
		unsigned __int128 r = sgn ? (unsigned __int128)(__int128)x : (unsigned __int128)x;
		w.lo = (uint64_t)r;
		w.hi = (uint64_t)(r >> 64);
		return w;
	}
	if (sgn) {
		w.lo = (uint64_t)fs_fist(x, width <= 16 ? 2 : width <= 32 ? 4 : 8);
		return w;
	}
	if (width < 64) {
		w.lo = (uint64_t)fs_fist(x, width <= 15 ? 2 : width <= 31 ? 4 : 8);
		return w;
	}
	// clang's fptoui x86_fp80 -> i64: subtract 2^63 when x >= 2^63 or
	// unordered, convert signed, flip bit 63 back.
	int ge = !(x < 0x1p63L);
	volatile long double t = x - (ge ? 0x1p63L : 0.0L);
	w.lo = (uint64_t)fs_fist(t, 8) ^ ((uint64_t)ge << 63);
	return w;
}
*/
import "C"

type arithOp int

const (
	opAdd arithOp = iota
	opSub
	opMul
	opDiv
)

type libm2 int

const (
	libFmod libm2 = iota
	libRemainder
	libFmin
	libFmax
)

func checkRM(rm RoundingMode) C.int {
	if rm > TowardZero {
		panic("arith: invalid rounding mode " + rm.String())
	}
	return C.int(rm.FenvValue())
}

func checkKind(k Kind) C.int {
	if k < F32 || k > F80 {
		panic(badKind(k))
	}
	return C.int(k)
}

func fromC(k Kind, w C.fs_word) Word {
	return canon(k, Word{Lo: uint64(w.lo), Hi: uint64(w.hi)})
}

func nativeArith(op arithOp, k Kind, rm RoundingMode, a, b Word) Word {
	r := C.fs_arith(checkKind(k), C.int(op), checkRM(rm),
		C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi))
	return fromC(k, r)
}

func nativeSqrt(k Kind, rm RoundingMode, a Word) Word {
	return fromC(k, C.fs_sqrt(checkKind(k), checkRM(rm), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

func nativeFMA(k Kind, rm RoundingMode, a, b, c Word) Word {
	r := C.fs_fma3(checkKind(k), checkRM(rm),
		C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi),
		C.uint64_t(c.Lo), C.uint64_t(c.Hi))
	return fromC(k, r)
}

func nativeLibm2(fn libm2, a, b Word) Word {
	return fromC(F80, C.fs_libm2(C.int(fn), C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi)))
}

func nativeRoundInt(how Integral, rm RoundingMode, a Word) Word {
	return fromC(F80, C.fs_roundint80(C.int(how), checkRM(rm), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

func nativeTrunc(from, to Kind, rm RoundingMode, a Word) Word {
	return fromC(to, C.fs_trunc(C.int(from), C.int(to), checkRM(rm), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

func nativeFPToInt(a Word, width int, signed bool) Word {
	s := C.int(0)
	if signed {
		s = 1
	}
	r := C.fs_f80toint(C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.int(width), s)
	return Word{Lo: uint64(r.lo), Hi: uint64(r.hi)}
}
