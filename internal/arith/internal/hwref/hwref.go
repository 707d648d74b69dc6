//go:build cgo && amd64

// Package hwref is the test oracle for package arith: it runs each
// floating-point operation on the real hardware the way clang-14-compiled
// code does, written independently of arith's own cgo code. Instructions are
// issued by inline assembly, and the rounding mode is set by writing the
// MXCSR and x87 control-word rounding fields directly (arith uses
// fesetround). Operations that native code performs by calling glibc libm or
// libgcc are obtained by calling those functions.
//
// Values are passed as raw bit patterns: float in the low 32 bits of Lo,
// double in Lo, x86_fp80 significand in Lo and sign/exponent in Hi.
//
// It imports nothing from the module.
package hwref

/*
#cgo CFLAGS: -O2 -msse2
#cgo LDFLAGS: -lm
#define _GNU_SOURCE 1
#include <emmintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t lo, hi; } hw_w;

// HW_OP keeps an operation a call of its own, opaque to the optimizer, so
// the flag reads around it (HW_CAPTURED, below) cannot move into it.
#if defined(__clang__)
#define HW_OP __attribute__((noinline))
#else
#define HW_OP __attribute__((noipa))
#endif

// ---- rounding control, written directly ----
static inline uint32_t hw_mx_set(int rc) {
	uint32_t old, n;
	__asm__ volatile ("stmxcsr %0" : "=m"(old));
	n = (old & ~0x6000u) | ((uint32_t)rc << 13);
	__asm__ volatile ("ldmxcsr %0" : : "m"(n));
	return old;
}
// hw_mx_put restores v's control bits but keeps the exception flags the
// operation raised (Flags reads them).
static inline void hw_mx_put(uint32_t v) {
	uint32_t cur;
	__asm__ volatile ("stmxcsr %0" : "=m"(cur));
	v = (v & ~0x3fu) | (cur & 0x3fu);
	__asm__ volatile ("ldmxcsr %0" : : "m"(v));
}
static inline uint16_t hw_cw_set(int rc) {
	uint16_t old, n;
	__asm__ volatile ("fnstcw %0" : "=m"(old));
	n = (uint16_t)((old & ~0x0c00) | (rc << 10));
	__asm__ volatile ("fldcw %0" : : "m"(n));
	return old;
}
static inline void hw_cw_put(uint16_t v) { __asm__ volatile ("fldcw %0" : : "m"(v)); }

static inline void ld_set(long double *x, uint64_t lo, uint64_t hi) {
	uint16_t se = (uint16_t)hi;
	memset(x, 0, sizeof *x);
	memcpy(x, &lo, 8);
	memcpy((char *)x + 8, &se, 2);
}
static inline hw_w ld_get(const long double *x) {
	hw_w w = {0, 0};
	uint16_t se;
	memcpy(&w.lo, x, 8);
	memcpy(&se, (const char *)x + 8, 2);
	w.hi = se;
	return w;
}
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static int hw_rc(int x87) {
	if (x87) { uint16_t cw; __asm__ volatile ("fnstcw %0" : "=m"(cw)); return (cw >> 10) & 3; }
	uint32_t mx; __asm__ volatile ("stmxcsr %0" : "=m"(mx)); return (mx >> 13) & 3;
}

// ---- SSE arithmetic ----
static HW_OP uint32_t hw_sse32_op(int op, int rc, uint32_t a, uint32_t b) {
	float x = u2f(a), y = u2f(b);
	uint32_t old = hw_mx_set(rc);
	switch (op) {
	case 0: __asm__ volatile ("addss %1, %0" : "+x"(x) : "x"(y)); break;
	case 1: __asm__ volatile ("subss %1, %0" : "+x"(x) : "x"(y)); break;
	case 2: __asm__ volatile ("mulss %1, %0" : "+x"(x) : "x"(y)); break;
	case 3: __asm__ volatile ("divss %1, %0" : "+x"(x) : "x"(y)); break;
	case 4: __asm__ volatile ("sqrtss %0, %0" : "+x"(x)); break;
	}
	hw_mx_put(old);
	return f2u(x);
}
static HW_OP uint64_t hw_sse64_op(int op, int rc, uint64_t a, uint64_t b) {
	double x = u2d(a), y = u2d(b);
	uint32_t old = hw_mx_set(rc);
	switch (op) {
	case 0: __asm__ volatile ("addsd %1, %0" : "+x"(x) : "x"(y)); break;
	case 1: __asm__ volatile ("subsd %1, %0" : "+x"(x) : "x"(y)); break;
	case 2: __asm__ volatile ("mulsd %1, %0" : "+x"(x) : "x"(y)); break;
	case 3: __asm__ volatile ("divsd %1, %0" : "+x"(x) : "x"(y)); break;
	case 4: __asm__ volatile ("sqrtsd %0, %0" : "+x"(x)); break;
	}
	hw_mx_put(old);
	return d2u(x);
}

// ---- x87 arithmetic: st0 = a, st1 = b, non-popping forms st = st op st(1) ----
static HW_OP hw_w hw_x87_op(int op, int rc, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
	long double a, b, r;
	ld_set(&a, alo, ahi);
	ld_set(&b, blo, bhi);
	uint16_t old = hw_cw_set(rc);
	switch (op) {
	case 0: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfadd %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(a), "m"(b)); break;
	case 1: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfsub %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(a), "m"(b)); break;
	case 2: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfmul %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(a), "m"(b)); break;
	case 3: __asm__ volatile ("fldt %2\n\tfldt %1\n\tfdiv %%st(1), %%st\n\tfstpt %0\n\tfstp %%st(0)" : "=m"(r) : "m"(a), "m"(b)); break;
	case 4: __asm__ volatile ("fldt %1\n\tfsqrt\n\tfstpt %0" : "=m"(r) : "m"(a)); break;
	}
	hw_cw_put(old);
	return ld_get(&r);
}

// ---- FMA: vfmadd213 when the CPU has FMA3 (what glibc's ifunc picks),
// glibc otherwise; fmal is always glibc (ldbl-96 software) ----
static int hw_has_fma(void) { __builtin_cpu_init(); return __builtin_cpu_supports("fma"); }
static float (*volatile p_fmaf)(float, float, float) = fmaf;
static double (*volatile p_fma)(double, double, double) = fma;
static long double (*volatile p_fmal)(long double, long double, long double) = fmal;
static HW_OP uint32_t hw_fma32_op(int rc, uint32_t a, uint32_t b, uint32_t c, int usehw) {
	float x = u2f(a), y = u2f(b), z = u2f(c);
	uint32_t old = hw_mx_set(rc);
	if (usehw) __asm__ volatile ("vfmadd213ss %2, %1, %0" : "+x"(x) : "x"(y), "x"(z));
	else x = p_fmaf(x, y, z);
	hw_mx_put(old);
	return f2u(x);
}
static HW_OP uint64_t hw_fma64_op(int rc, uint64_t a, uint64_t b, uint64_t c, int usehw) {
	double x = u2d(a), y = u2d(b), z = u2d(c);
	uint32_t old = hw_mx_set(rc);
	if (usehw) __asm__ volatile ("vfmadd213sd %2, %1, %0" : "+x"(x) : "x"(y), "x"(z));
	else x = p_fma(x, y, z);
	hw_mx_put(old);
	return d2u(x);
}
static HW_OP hw_w hw_fma80_op(int rc, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi, uint64_t clo, uint64_t chi) {
	long double a, b, c;
	volatile long double r;
	ld_set(&a, alo, ahi); ld_set(&b, blo, bhi); ld_set(&c, clo, chi);
	uint16_t old = hw_cw_set(rc);
	uint32_t oldmx = hw_mx_set(rc);
	r = p_fmal(a, b, c);
	hw_mx_put(oldmx);
	hw_cw_put(old);
	long double rr = r;
	return ld_get(&rr);
}

// ---- conversions between float kinds ----
// kinds: 1 float, 2 double, 3 x86_fp80
static HW_OP hw_w hw_fpconv_op(int from, int to, int rc, uint64_t lo, uint64_t hi) {
	hw_w w = {0, 0};
	uint32_t oldmx = hw_mx_set(rc);
	uint16_t oldcw = hw_cw_set(rc);
	if (from == 1 && to == 2) {
		float x = u2f((uint32_t)lo); double r;
		__asm__ volatile ("cvtss2sd %1, %0" : "=x"(r) : "x"(x));
		w.lo = d2u(r);
	} else if (from == 2 && to == 1) {
		double x = u2d(lo); float r;
		__asm__ volatile ("cvtsd2ss %1, %0" : "=x"(r) : "x"(x));
		w.lo = f2u(r);
	} else if (from == 1 && to == 3) {
		uint32_t x = (uint32_t)lo; long double r;
		__asm__ volatile ("flds %1\n\tfstpt %0" : "=m"(r) : "m"(x));
		w = ld_get(&r);
	} else if (from == 2 && to == 3) {
		uint64_t x = lo; long double r;
		__asm__ volatile ("fldl %1\n\tfstpt %0" : "=m"(r) : "m"(x));
		w = ld_get(&r);
	} else if (from == 3 && to == 2) {
		long double x; uint64_t r;
		ld_set(&x, lo, hi);
		__asm__ volatile ("fldt %1\n\tfstpl %0" : "=m"(r) : "m"(x));
		w.lo = r;
	} else if (from == 3 && to == 1) {
		long double x; uint32_t r;
		ld_set(&x, lo, hi);
		__asm__ volatile ("fldt %1\n\tfstps %0" : "=m"(r) : "m"(x));
		w.lo = r;
	}
	hw_cw_put(oldcw);
	hw_mx_put(oldmx);
	return w;
}

// ---- float -> integer, as clang-14 emits it ----
static HW_OP uint64_t hw_cvtt_op(int kind, int bits64, uint64_t v) {
	if (kind == 1) {
		float x = u2f((uint32_t)v);
		if (bits64) { int64_t r; __asm__ volatile ("cvttss2si %1, %0" : "=r"(r) : "x"(x)); return (uint64_t)r; }
		int32_t r; __asm__ volatile ("cvttss2si %1, %0" : "=r"(r) : "x"(x)); return (uint32_t)r;
	}
	double x = u2d(v);
	if (bits64) { int64_t r; __asm__ volatile ("cvttsd2si %1, %0" : "=r"(r) : "x"(x)); return (uint64_t)r; }
	int32_t r; __asm__ volatile ("cvttsd2si %1, %0" : "=r"(r) : "x"(x)); return (uint32_t)r;
}
// clang's fptoui i64 for float/double (identical at -O0 and -O2).
static HW_OP uint64_t hw_fptoui64_sse_op(int kind, uint64_t v) {
	uint64_t r;
	if (kind == 1) {
		float x = u2f((uint32_t)v), c = 0x1p63f;
		__asm__ volatile (
			"cvttss2si %1, %%rcx\n\t"
			"movq %%rcx, %%rdx\n\t"
			"sarq $63, %%rdx\n\t"
			"subss %2, %1\n\t"
			"cvttss2si %1, %%rax\n\t"
			"andq %%rdx, %%rax\n\t"
			"orq %%rcx, %%rax\n\t"
			"movq %%rax, %0"
			: "=r"(r), "+x"(x) : "x"(c) : "rax", "rcx", "rdx", "cc");
	} else {
		double x = u2d(v), c = 0x1p63;
		__asm__ volatile (
			"cvttsd2si %1, %%rcx\n\t"
			"movq %%rcx, %%rdx\n\t"
			"sarq $63, %%rdx\n\t"
			"subsd %2, %1\n\t"
			"cvttsd2si %1, %%rax\n\t"
			"andq %%rdx, %%rax\n\t"
			"orq %%rcx, %%rax\n\t"
			"movq %%rax, %0"
			: "=r"(r), "+x"(x) : "x"(c) : "rax", "rcx", "rdx", "cc");
	}
	return r;
}
// x87 truncating stores (bytes 2, 4, 8), with clang's fnstcw/or 0xc00/fldcw dance.
static HW_OP uint64_t hw_fist_op(uint64_t lo, uint64_t hi, int bytes) {
	long double x;
	uint16_t cw, tcw;
	ld_set(&x, lo, hi);
	__asm__ volatile ("fnstcw %0" : "=m"(cw));
	tcw = cw | 0x0c00;
	if (bytes == 2) { int16_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistps %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); return (uint16_t)r; }
	if (bytes == 4) { int32_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpl %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); return (uint32_t)r; }
	int64_t r; __asm__ volatile ("fldt %1\n\tfldcw %2\n\tfistpll %0\n\tfldcw %3" : "=m"(r) : "m"(x), "m"(tcw), "m"(cw)); return (uint64_t)r;
}
// clang-14's fptoui x86_fp80 -> i64, instruction for instruction.
static HW_OP uint64_t hw_fptoui64_x87_op(uint64_t lo, uint64_t hi) {
	long double x;
	float two63 = 0x1p63f;
	uint16_t cw, tcw;
	uint64_t r, flag;
	ld_set(&x, lo, hi);
	__asm__ volatile ("fnstcw %0" : "=m"(cw));
	tcw = cw | 0x0c00;
	__asm__ volatile (
		"fldt %[x]\n\t"
		"flds %[c]\n\t"
		"xorl %%eax, %%eax\n\t"
		"fucomi %%st(1), %%st\n\t"
		"setbe %%al\n\t"
		"fldz\n\t"
		"fcmovbe %%st(1), %%st\n\t"
		"fstp %%st(1)\n\t"
		"fsubrp %%st, %%st(1)\n\t"
		"fldcw %[tcw]\n\t"
		"fistpll %[r]\n\t"
		"fldcw %[cw]\n\t"
		"movq %%rax, %[flag]"
		: [r] "=m"(r), [flag] "=r"(flag)
		: [x] "m"(x), [c] "m"(two63), [tcw] "m"(tcw), [cw] "m"(cw)
		: "rax", "cc");
	return r ^ (flag << 63);
}
// 128-bit conversions are libgcc calls in native code.
static HW_OP hw_w hw_fptoi128_op(int kind, int sgn, uint64_t lo, uint64_t hi) {
	unsigned __int128 r;
	volatile float f; volatile double d; volatile long double l;
	if (kind == 1) { f = u2f((uint32_t)lo); r = sgn ? (unsigned __int128)(__int128)f : (unsigned __int128)f; }
	else if (kind == 2) { d = u2d(lo); r = sgn ? (unsigned __int128)(__int128)d : (unsigned __int128)d; }
	else { long double t; ld_set(&t, lo, hi); l = t; r = sgn ? (unsigned __int128)(__int128)l : (unsigned __int128)l; }
	hw_w w = { (uint64_t)r, (uint64_t)(r >> 64) };
	return w;
}

// ---- integer -> float ----
// Integer v is given as a sign- or zero-extended 128-bit value (lo, hi);
// mode selects the lowering: 0 = signed <= 64 bits (cvtsi2s[sd] r64 / fildll),
// 1 = unsigned < 64 bits (zero-extended, same instructions),
// 2 = unsigned 64 bits (clang's special sequences), 3 = signed 128 (libgcc),
// 4 = unsigned 128 (libgcc).
static const uint32_t hw_magic_lo[4] __attribute__((aligned(16))) = { 0x43300000, 0x45300000, 0, 0 };
static const double hw_magic_sub[2] __attribute__((aligned(16))) = { 0x1p52, 0x1p84 };
static const float hw_u64_fudge[2] = { 0.0f, 0x1p64f };
static HW_OP hw_w hw_itof_op(int kind, int mode, int rc, uint64_t lo, uint64_t hi) {
	hw_w w = {0, 0};
	uint32_t oldmx = hw_mx_set(rc);
	uint16_t oldcw = hw_cw_set(rc);
	if (mode == 0 || mode == 1 || (mode == 2 && kind != 2)) {
		int64_t v = (int64_t)lo;
		if (kind == 1) {
			float r;
			if (mode == 2 && v < 0) {
				uint64_t h = (lo >> 1) | (lo & 1);
				__asm__ volatile ("cvtsi2ssq %1, %0\n\taddss %0, %0" : "=&x"(r) : "r"(h));
			} else {
				__asm__ volatile ("cvtsi2ssq %1, %0" : "=x"(r) : "r"(v));
			}
			w.lo = f2u(r);
		} else if (kind == 2) {
			double r;
			__asm__ volatile ("cvtsi2sdq %1, %0" : "=x"(r) : "r"(v));
			w.lo = d2u(r);
		} else {
			long double r;
			if (mode == 2) {
				const float *f = &hw_u64_fudge[v < 0];
				__asm__ volatile ("fildll %1\n\tfadds %2\n\tfstpt %0" : "=m"(r) : "m"(v), "m"(*f));
			} else {
				__asm__ volatile ("fildll %1\n\tfstpt %0" : "=m"(r) : "m"(v));
			}
			w = ld_get(&r);
		}
	} else if (mode == 2) { // uitofp i64 -> double
		__m128i x = _mm_cvtsi64_si128((long long)lo);
		__m128i m = _mm_load_si128((const __m128i *)hw_magic_lo);
		__m128d s = _mm_load_pd(hw_magic_sub);
		__m128d r, t;
		__asm__ volatile (
			"punpckldq %[m], %[x]\n\t"
			"subpd %[s], %[x]\n\t"
			"movapd %[x], %[t]\n\t"
			"unpckhpd %[x], %[t]\n\t"
			"addsd %[x], %[t]"
			: [x] "+x"(x), [t] "=&x"(t) : [m] "x"(m), [s] "x"(s));
		r = t;
		w.lo = d2u(_mm_cvtsd_f64(r));
	} else {
		unsigned __int128 u = ((unsigned __int128)hi << 64) | lo;
		if (kind == 1) { volatile float r = mode == 3 ? (float)(__int128)u : (float)u; w.lo = f2u(r); }
		else if (kind == 2) { volatile double r = mode == 3 ? (double)(__int128)u : (double)u; w.lo = d2u(r); }
		else { volatile long double r = mode == 3 ? (long double)(__int128)u : (long double)u; long double t = r; w = ld_get(&t); }
	}
	hw_cw_put(oldcw);
	hw_mx_put(oldmx);
	return w;
}

// ---- comparisons: returns 1 eq, 2 gt, 4 lt, 8 unordered ----
static HW_OP int hw_cmp_op(int kind, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
	unsigned char p, z, c;
	if (kind == 1) {
		float a = u2f((uint32_t)alo), b = u2f((uint32_t)blo);
		__asm__ volatile ("ucomiss %4, %3\n\tsetp %0\n\tsete %1\n\tsetb %2" : "=r"(p), "=r"(z), "=r"(c) : "x"(a), "x"(b) : "cc");
	} else if (kind == 2) {
		double a = u2d(alo), b = u2d(blo);
		__asm__ volatile ("ucomisd %4, %3\n\tsetp %0\n\tsete %1\n\tsetb %2" : "=r"(p), "=r"(z), "=r"(c) : "x"(a), "x"(b) : "cc");
	} else {
		long double a, b;
		ld_set(&a, alo, ahi); ld_set(&b, blo, bhi);
		__asm__ volatile ("fldt %4\n\tfldt %3\n\tfucomip %%st(1), %%st\n\tfstp %%st(0)\n\tsetp %0\n\tsete %1\n\tsetb %2"
			: "=r"(p), "=r"(z), "=r"(c) : "m"(a), "m"(b) : "cc");
	}
	if (p) return 8;
	if (z) return 1;
	if (c) return 4;
	return 2;
}

// ---- llvm.minnum/maxnum: clang-14's exact x86 sequences; fminl/fmaxl ----
static HW_OP uint64_t hw_minmax_sse_op(int kind, int max, uint64_t a, uint64_t b) {
	if (kind == 1) {
		__m128 x = _mm_castsi128_ps(_mm_cvtsi32_si128((int)(uint32_t)a));
		__m128 y = _mm_castsi128_ps(_mm_cvtsi32_si128((int)(uint32_t)b));
		__m128 m, t;
		if (max)
			__asm__ volatile ("movaps %[x], %[m]\n\tcmpunordss %[x], %[m]\n\tmovaps %[m], %[t]\n\tandps %[y], %[t]\n\tmaxss %[x], %[y]\n\tandnps %[y], %[m]\n\torps %[t], %[m]"
				: [m] "=&x"(m), [t] "=&x"(t), [y] "+x"(y) : [x] "x"(x));
		else
			__asm__ volatile ("movaps %[x], %[m]\n\tcmpunordss %[x], %[m]\n\tmovaps %[m], %[t]\n\tandps %[y], %[t]\n\tminss %[x], %[y]\n\tandnps %[y], %[m]\n\torps %[t], %[m]"
				: [m] "=&x"(m), [t] "=&x"(t), [y] "+x"(y) : [x] "x"(x));
		return (uint32_t)_mm_cvtsi128_si32(_mm_castps_si128(m));
	}
	__m128d x = _mm_castsi128_pd(_mm_cvtsi64_si128((long long)a));
	__m128d y = _mm_castsi128_pd(_mm_cvtsi64_si128((long long)b));
	__m128d m, t;
	if (max)
		__asm__ volatile ("movapd %[x], %[m]\n\tcmpunordsd %[x], %[m]\n\tmovapd %[m], %[t]\n\tandpd %[y], %[t]\n\tmaxsd %[x], %[y]\n\tandnpd %[y], %[m]\n\torpd %[t], %[m]"
			: [m] "=&x"(m), [t] "=&x"(t), [y] "+x"(y) : [x] "x"(x));
	else
		__asm__ volatile ("movapd %[x], %[m]\n\tcmpunordsd %[x], %[m]\n\tmovapd %[m], %[t]\n\tandpd %[y], %[t]\n\tminsd %[x], %[y]\n\tandnpd %[y], %[m]\n\torpd %[t], %[m]"
			: [m] "=&x"(m), [t] "=&x"(t), [y] "+x"(y) : [x] "x"(x));
	return (uint64_t)_mm_cvtsi128_si64(_mm_castpd_si128(m));
}

// ---- libm (called through volatile pointers: never inlined or folded) ----
static float (*volatile p_f1[7])(float) = { floorf, ceilf, truncf, roundf, rintf, nearbyintf, roundevenf };
static double (*volatile p_d1[7])(double) = { floor, ceil, trunc, round, rint, nearbyint, roundeven };
static long double (*volatile p_l1[7])(long double) = { floorl, ceill, truncl, roundl, rintl, nearbyintl, roundevenl };
static float (*volatile p_f2[4])(float, float) = { fmodf, remainderf, fminf, fmaxf };
static double (*volatile p_d2[4])(double, double) = { fmod, remainder, fmin, fmax };
static long double (*volatile p_l2[4])(long double, long double) = { fmodl, remainderl, fminl, fmaxl };

static HW_OP hw_w hw_libm1_op(int kind, int fn, int rc, uint64_t lo, uint64_t hi) {
	hw_w w = {0, 0};
	uint32_t oldmx = hw_mx_set(rc);
	uint16_t oldcw = hw_cw_set(rc);
	if (kind == 1) { volatile float r = p_f1[fn](u2f((uint32_t)lo)); w.lo = f2u(r); }
	else if (kind == 2) { volatile double r = p_d1[fn](u2d(lo)); w.lo = d2u(r); }
	else { long double x; ld_set(&x, lo, hi); volatile long double r = p_l1[fn](x); long double t = r; w = ld_get(&t); }
	hw_cw_put(oldcw);
	hw_mx_put(oldmx);
	return w;
}
static HW_OP hw_w hw_libm2_op(int kind, int fn, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
	hw_w w = {0, 0};
	if (kind == 1) { volatile float r = p_f2[fn](u2f((uint32_t)alo), u2f((uint32_t)blo)); w.lo = f2u(r); }
	else if (kind == 2) { volatile double r = p_d2[fn](u2d(alo), u2d(blo)); w.lo = d2u(r); }
	else { long double a, b; ld_set(&a, alo, ahi); ld_set(&b, blo, bhi); volatile long double r = p_l2[fn](a, b); long double t = r; w = ld_get(&t); }
	return w;
}

// ---- printf ----
static int hw_format(int kind, uint64_t lo, uint64_t hi, char *buf, int n) {
	if (kind == 1) return snprintf(buf, n, "%a", (double)u2f((uint32_t)lo));
	if (kind == 2) return snprintf(buf, n, "%a", u2d(lo));
	long double x; ld_set(&x, lo, hi);
	return snprintf(buf, n, "%La", x);
}

// ---- batch kernels for the exhaustive float tests ----
// out[i] = sqrtps(bits(start+i)), 4 lanes at a time (same semantics as sqrtss).
static void hw_sqrtf_range(uint32_t start, uint32_t *out, int n) {
	for (int i = 0; i < n; i += 4) {
		__m128i v = _mm_add_epi32(_mm_set1_epi32((int)(start + (uint32_t)i)), _mm_set_epi32(3, 2, 1, 0));
		__m128 r = _mm_sqrt_ps(_mm_castsi128_ps(v));
		_mm_storeu_si128((__m128i *)(out + i), _mm_castps_si128(r));
	}
}
// out[i] = cvttps2dq(bits(start+i)) (same semantics as cvttss2si r32).
static void hw_cvttf_range(uint32_t start, uint32_t *out, int n) {
	for (int i = 0; i < n; i += 4) {
		__m128i v = _mm_add_epi32(_mm_set1_epi32((int)(start + (uint32_t)i)), _mm_set_epi32(3, 2, 1, 0));
		__m128i r = _mm_cvttps_epi32(_mm_castsi128_ps(v));
		_mm_storeu_si128((__m128i *)(out + i), r);
	}
}

// ---- exception flags, read and cleared directly (MXCSR and x87 status) ----
static void hw_fl_clear(void) {
	uint32_t mx;
	__asm__ volatile ("stmxcsr %0" : "=m"(mx));
	mx &= ~0x3fu;
	__asm__ volatile ("ldmxcsr %0\n\tfnclex" : : "m"(mx) : "memory");
}
static int hw_fl_read(void) {
	uint32_t mx;
	uint16_t sw;
	__asm__ volatile ("stmxcsr %0" : "=m"(mx) : : "memory");
	__asm__ volatile ("fnstsw %0" : "=m"(sw) : : "memory");
	return (int)((mx | sw) & 0x3d);
}

// Every operation clears the flags on entry and records those it raised on
// exit, in C: between two cgo calls the Go runtime may run float code on
// the same thread (GC pacing in an allocation's assist, the scheduler after
// an asynchronous preemption) and leave inexact in MXCSR, which a read from
// Go would blame on the operation. hw_seen is per thread, so Flags reads it
// on the locked thread it ran the operation on; -1 means no operation ran.
static __thread int hw_seen = -1;
static void hw_seen_reset(void) { hw_seen = -1; }
static int hw_seen_get(void) { return hw_seen; }
#define HW_CAPTURED(T, name, params, args) \
static T name params { \
	hw_fl_clear(); \
	T r = name##_op args; \
	hw_seen = hw_fl_read(); \
	return r; \
}
HW_CAPTURED(uint32_t, hw_sse32, (int op, int rc, uint32_t a, uint32_t b), (op, rc, a, b))
HW_CAPTURED(uint64_t, hw_sse64, (int op, int rc, uint64_t a, uint64_t b), (op, rc, a, b))
HW_CAPTURED(hw_w, hw_x87, (int op, int rc, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi), (op, rc, alo, ahi, blo, bhi))
HW_CAPTURED(uint32_t, hw_fma32, (int rc, uint32_t a, uint32_t b, uint32_t c, int usehw), (rc, a, b, c, usehw))
HW_CAPTURED(uint64_t, hw_fma64, (int rc, uint64_t a, uint64_t b, uint64_t c, int usehw), (rc, a, b, c, usehw))
HW_CAPTURED(hw_w, hw_fma80, (int rc, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi, uint64_t clo, uint64_t chi), (rc, alo, ahi, blo, bhi, clo, chi))
HW_CAPTURED(hw_w, hw_fpconv, (int from, int to, int rc, uint64_t lo, uint64_t hi), (from, to, rc, lo, hi))
HW_CAPTURED(uint64_t, hw_cvtt, (int kind, int bits64, uint64_t v), (kind, bits64, v))
HW_CAPTURED(uint64_t, hw_fptoui64_sse, (int kind, uint64_t v), (kind, v))
HW_CAPTURED(uint64_t, hw_fist, (uint64_t lo, uint64_t hi, int bytes), (lo, hi, bytes))
HW_CAPTURED(uint64_t, hw_fptoui64_x87, (uint64_t lo, uint64_t hi), (lo, hi))
HW_CAPTURED(hw_w, hw_fptoi128, (int kind, int sgn, uint64_t lo, uint64_t hi), (kind, sgn, lo, hi))
HW_CAPTURED(hw_w, hw_itof, (int kind, int mode, int rc, uint64_t lo, uint64_t hi), (kind, mode, rc, lo, hi))
HW_CAPTURED(int, hw_cmp, (int kind, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi), (kind, alo, ahi, blo, bhi))
HW_CAPTURED(uint64_t, hw_minmax_sse, (int kind, int max, uint64_t a, uint64_t b), (kind, max, a, b))
HW_CAPTURED(hw_w, hw_libm1, (int kind, int fn, int rc, uint64_t lo, uint64_t hi), (kind, fn, rc, lo, hi))
HW_CAPTURED(hw_w, hw_libm2, (int kind, int fn, uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi), (kind, fn, alo, ahi, blo, bhi))
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// W is a raw value (see the package comment for the layout).
type W struct{ Lo, Hi uint64 }

func w(r C.hw_w) W { return W{uint64(r.lo), uint64(r.hi)} }

// Kinds, as in arith: 1 float, 2 double, 3 x86_fp80.

// HasFMA3 reports whether FMA uses the vfmadd instructions (else glibc).
var HasFMA3 = C.hw_has_fma() != 0

// RoundingControls returns the rounding-control fields of MXCSR and of the
// x87 control word of the calling thread.
func RoundingControls() (mxcsr, x87 int) {
	return int(C.hw_rc(0)), int(C.hw_rc(1))
}

// Arith performs op (0 add, 1 sub, 2 mul, 3 div, 4 sqrt of a) with rounding
// control rc (0 nearest, 1 down, 2 up, 3 toward zero).
func Arith(kind, op, rc int, a, b W) W {
	switch kind {
	case 1:
		return W{Lo: uint64(C.hw_sse32(C.int(op), C.int(rc), C.uint32_t(a.Lo), C.uint32_t(b.Lo)))}
	case 2:
		return W{Lo: uint64(C.hw_sse64(C.int(op), C.int(rc), C.uint64_t(a.Lo), C.uint64_t(b.Lo)))}
	}
	return w(C.hw_x87(C.int(op), C.int(rc), C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi)))
}

// FMA computes a*b+c with one rounding.
func FMA(kind, rc int, a, b, c W) W {
	hw := C.int(0)
	if HasFMA3 {
		hw = 1
	}
	switch kind {
	case 1:
		return W{Lo: uint64(C.hw_fma32(C.int(rc), C.uint32_t(a.Lo), C.uint32_t(b.Lo), C.uint32_t(c.Lo), hw))}
	case 2:
		return W{Lo: uint64(C.hw_fma64(C.int(rc), C.uint64_t(a.Lo), C.uint64_t(b.Lo), C.uint64_t(c.Lo), hw))}
	}
	return w(C.hw_fma80(C.int(rc), C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi), C.uint64_t(c.Lo), C.uint64_t(c.Hi)))
}

// FPConv converts between float kinds (cvtss2sd, cvtsd2ss, fld, fstp).
func FPConv(from, to, rc int, a W) W {
	return w(C.hw_fpconv(C.int(from), C.int(to), C.int(rc), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

// FPToInt is fptosi (signed) / fptoui to width bits as clang-14 lowers it
// for x86_64; the result is not yet truncated to width.
func FPToInt(kind int, a W, width int, signed bool) W {
	if width > 64 {
		s := C.int(0)
		if signed {
			s = 1
		}
		return w(C.hw_fptoi128(C.int(kind), s, C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
	}
	if kind == 3 {
		switch {
		case signed && width <= 16, !signed && width <= 15:
			return W{Lo: uint64(C.hw_fist(C.uint64_t(a.Lo), C.uint64_t(a.Hi), 2))}
		case signed && width <= 32, !signed && width <= 31:
			return W{Lo: uint64(C.hw_fist(C.uint64_t(a.Lo), C.uint64_t(a.Hi), 4))}
		case signed || width < 64:
			return W{Lo: uint64(C.hw_fist(C.uint64_t(a.Lo), C.uint64_t(a.Hi), 8))}
		}
		return W{Lo: uint64(C.hw_fptoui64_x87(C.uint64_t(a.Lo), C.uint64_t(a.Hi)))}
	}
	switch {
	case signed && width <= 32, !signed && width <= 31:
		return W{Lo: uint64(C.hw_cvtt(C.int(kind), 0, C.uint64_t(a.Lo)))}
	case signed || width < 64:
		return W{Lo: uint64(C.hw_cvtt(C.int(kind), 1, C.uint64_t(a.Lo)))}
	}
	return W{Lo: uint64(C.hw_fptoui64_sse(C.int(kind), C.uint64_t(a.Lo)))}
}

// IntToFP converts the width-bit integer v (zero-extended) to kind.
func IntToFP(width, kind, rc int, v W, signed bool) W {
	mode := 0
	switch {
	case width > 64 && signed:
		mode = 3
		if width < 128 && v.Hi>>(width-65)&1 != 0 {
			v.Hi |= ^uint64(0) << (width - 64)
		}
	case width > 64:
		mode = 4
	case signed:
		if width < 64 && v.Lo>>(width-1)&1 != 0 {
			v.Lo |= ^uint64(0) << width
		}
	case width < 64:
		mode = 1
	default:
		mode = 2
	}
	return w(C.hw_itof(C.int(kind), C.int(mode), C.int(rc), C.uint64_t(v.Lo), C.uint64_t(v.Hi)))
}

// Cmp returns the relation of a to b: 1 equal, 2 greater, 4 less,
// 8 unordered (LLVM predicate bits).
func Cmp(kind int, a, b W) int {
	return int(C.hw_cmp(C.int(kind), C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi)))
}

// MinMax is llvm.minnum (max=false) / llvm.maxnum as clang-14 compiles it.
func MinMax(kind int, max bool, a, b W) W {
	if kind == 3 {
		fn := 2
		if max {
			fn = 3
		}
		return Libm2(kind, fn, a, b)
	}
	m := C.int(0)
	if max {
		m = 1
	}
	return W{Lo: uint64(C.hw_minmax_sse(C.int(kind), m, C.uint64_t(a.Lo), C.uint64_t(b.Lo)))}
}

// Libm1 calls floor, ceil, trunc, round, rint, nearbyint, roundeven (fn 0..6)
// with rounding control rc.
func Libm1(kind, fn, rc int, a W) W {
	return w(C.hw_libm1(C.int(kind), C.int(fn), C.int(rc), C.uint64_t(a.Lo), C.uint64_t(a.Hi)))
}

// Libm2 calls fmod, remainder, fmin, fmax (fn 0..3).
func Libm2(kind, fn int, a, b W) W {
	return w(C.hw_libm2(C.int(kind), C.int(fn), C.uint64_t(a.Lo), C.uint64_t(a.Hi), C.uint64_t(b.Lo), C.uint64_t(b.Hi)))
}

// Format is glibc printf %a (float, double) or %La (x86_fp80).
func Format(kind int, a W) string {
	var buf [64]C.char
	n := C.hw_format(C.int(kind), C.uint64_t(a.Lo), C.uint64_t(a.Hi), &buf[0], C.int(len(buf)))
	return C.GoStringN(&buf[0], n)
}

// SqrtF32Range fills out[i] with the hardware square root of the float with
// bit pattern start+i. len(out) must be a multiple of 4.
func SqrtF32Range(start uint32, out []uint32) {
	C.hw_sqrtf_range(C.uint32_t(start), (*C.uint32_t)(unsafe.Pointer(&out[0])), C.int(len(out)))
}

// CvttF32Range fills out[i] with cvttss2si r32 of the float start+i.
func CvttF32Range(start uint32, out []uint32) {
	C.hw_cvttf_range(C.uint32_t(start), (*C.uint32_t)(unsafe.Pointer(&out[0])), C.int(len(out)))
}

// Flags runs f, which must call one of this package's operations, on a
// locked thread, and returns the flags that operation raised (FE_* bits,
// denormal excluded). The flags are cleared and read in C around the
// operation itself: Go code between two cgo calls may raise inexact.
func Flags(f func()) int {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	C.hw_seen_reset()
	f()
	r := int(C.hw_seen_get())
	if r < 0 {
		panic("hwref.Flags: f ran none of the package's operations")
	}
	return r
}
