package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Exception flags of the exact libm models (libm_exact.go), as conditions
// on the arguments, so that with the flags tracked (fenv.h use or
// --check-fp) the models stay symbolic instead of concretising. Each
// follows what glibc 2.36's x86_64 code executes; TestExactLibm evaluates
// them against the flags glibc raised (hostc records them).

// exactFlagFn gives the flag conditions of a call with arguments v (their
// expressions x), result r and integer argument n.
type exactFlagFn func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, n int64) flagConds

// exactFlags maps a family (double version's name) to its flags.
var exactFlags = map[string]exactFlagFn{
	"fmin":       minMaxFlags,
	"fmax":       minMaxFlags,
	"fdim":       fdimFlags,
	"scalbn":     scalbnFlags,
	"scalbln":    scalblnFlags,
	"ldexp":      scalbnFlags,
	"nextafter":  nextFlags,
	"nexttoward": nextFlags,
	"ilogb":      ilogbFlags,
	"logb":       logbFlags,
	"lround":     lroundFlags,
	"llround":    lroundFlags,
	"lrint":      lrintFlags,
	"llrint":     lrintFlags,
}

// snan2 is the condition that one of the float arguments is a signalling
// NaN (for x86_fp80 any encoding the x87 rejects).
func (e *Executor) snan2(k arith.Kind, v []Value) *expr.Expr {
	c := e.snanOf(k, v[0])
	if len(v) > 1 {
		c = e.B.Or(c, e.snanOf(k, v[1]))
	}
	return c
}

// minMaxFlags: ucomisd (x87: fucomi) before minsd/maxsd, and x + y for a
// NaN: invalid only for a signalling NaN.
func minMaxFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	var c flagConds
	c[0] = e.snan2(k, v)
	return c
}

// fdimFlags: islessequal is quiet; otherwise x - y in the current mode.
func fdimFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	b := e.B
	fb := flagBuilder{b: b, k: k, rm: s.RM}
	le := fb.le(x[0], x[1])
	d := b.FBin(expr.OpFSub, s.RM, x[0], x[1])
	c := fb.arithFlags(arith.FlagSub, x[0], x[1], d, e.snanOf(k, v[0]), e.snanOf(k, v[1]))
	return c.when(b, b.Not(le))
}

// scalbnFlags: the flags of x * 2^n with one rounding (glibc's overflow,
// underflow and subnormal paths multiply once by a constant with the same
// outcome); for an n out of the kind's exponent range, scalbnSymFlags.
func scalbnFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, n int64) flagConds {
	b := e.B
	if emin, emax := kindParams(k); n < int64(emin) || n > int64(emax) {
		// 2^n is no number of the kind: the conditions on the exponent.
		c, _ := e.scalbnSymFlags(s, k, x[0], b.U64(uint64(n), 64), e.snanOf(k, v[0]), false)
		return c
	}
	fb := flagBuilder{b: b, k: k, rm: s.RM}
	return fb.arithFlags(arith.FlagMul, x[0], b.FConst(k, pow2(k, int(n))), r, e.snanOf(k, v[0]), b.False)
}

// scalblnFlags: scalbnFlags, except that scalblnl returns a long double
// whose exponent and fraction (without the integer bit) are zero unchanged,
// computing nothing.
func scalblnFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, n int64) flagConds {
	c := scalbnFlags(e, s, k, v, x, r, n)
	if k == arith.F80 {
		b := e.B
		bits := e.fpBits(x[0])
		keep := b.And(b.Eq(b.Extract(bits, 64, 15), b.U64(0, 15)), b.Eq(b.Extract(bits, 0, 63), b.U64(0, 63)))
		c = c.when(b, b.Not(keep))
	}
	return c
}

// nextFlags (nextafter, nexttoward): x + y for a NaN (invalid for a
// signalling one; for long double every x87-invalid operand of the
// compares counts too); from zero, minsub * minsub (underflow, inexact);
// a step to an infinite result computes x + x of the old x (overflow,
// inexact), a step to an exponent of zero x * x (underflow, inexact).
func nextFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	b := e.B
	yk := k
	if len(x) > 1 && x[1].Sort.FK != k {
		yk = arith.F80 // nexttoward
	}
	fb := flagBuilder{b: b, k: k}
	fy := flagBuilder{b: b, k: yk}
	a, y := x[0], x[1]
	var c flagConds
	c[0] = b.Or(e.snanOf(k, v[0]), e.snanOf(yk, v[1]))
	nan := b.Or(fb.isNaN(a), fy.isNaN(y))
	var eq *expr.Expr
	if yk != k {
		eq = fy.eq(b.FPConv(arith.NearestEven, a, yk), y)
	} else {
		eq = fb.eq(a, y)
	}
	step := f3And(b, b.Not(nan), b.Not(eq), b.Not(fb.isZero(a)))
	ovf := b.And(step, fb.isInf(r))
	// The result's exponent field is zero (for long double also a
	// pseudo-denormal result).
	fw, ew, _ := fpLayout(k)
	tiny := b.Eq(b.Extract(e.fpBits(r), fw, ew), b.U64(0, ew))
	unf := b.Or(f3And(b, b.Not(nan), b.Not(eq), fb.isZero(a)), b.And(step, tiny))
	c[2], c[3], c[4] = ovf, unf, b.Or(ovf, unf)
	return c
}

// ilogbFlags: the wrapper raises invalid with errno = EDOM for a result of
// INT_MIN or INT_MAX (zero, NaN, infinities), and nothing else is raised
// (ilogbl tests for a zero before its fxtract).
func ilogbFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	b := e.B
	var c flagConds
	c[0] = b.Or(b.Eq(r, b.U64(0x80000000, 32)), b.Eq(r, b.U64(0x7fffffff, 32)))
	return c
}

// logbFlags: -1/|x| (fxtract) for a zero divides by zero; x * x for a
// signalling NaN is invalid.
func logbFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	var c flagConds
	c[0] = e.snanOf(k, v[0])
	c[1] = flagBuilder{b: e.B, k: k}.isZero(x[0])
	return c
}

// lroundFlags: glibc rounds on the bits; only a value of 2^63 or more in
// magnitude (or NaN, infinity) reaches (long) x, invalid unless it is
// exactly -2^63.
func lroundFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	b := e.B
	fw, ew, bias := fpLayout(k)
	exp := b.Extract(e.fpBits(x[0]), fw, ew)
	big := b.Not(b.ICmp(arith.IULT, exp, b.U64(uint64(bias+63), ew)))
	fb := flagBuilder{b: b, k: k}
	var c flagConds
	c[0] = b.And(big, b.Not(fb.eq(x[0], b.FNeg(fb.p2(63)))))
	return c
}

// lrintFlags: cvtsd2si (x87: fistp) in the current mode: invalid for NaN or
// a rounded value out of range, else inexact when x is not integral.
func lrintFlags(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, r *expr.Expr, _ int64) flagConds {
	b := e.B
	fb := flagBuilder{b: b, k: k}
	ri := b.FRound(arith.Rint, s.RM, x[0])
	in := b.And(fb.le(b.FNeg(fb.p2(63)), ri), fb.lt(ri, fb.p2(63)))
	var c flagConds
	c[0] = b.Or(e.snanOf(k, v[0]), b.Not(in))
	c[4] = b.And(in, b.Not(fb.eq(ri, x[0])))
	return c
}

// remFlags are the flags of glibc's fmod and remainder (exact results):
// invalid for a signalling NaN (an x87-invalid encoding), or for an
// infinite x or a zero y when neither is a NaN; nothing else.
func (e *Executor) remFlags(k arith.Kind, x, y, sx, sy *expr.Expr) flagConds {
	b := e.B
	fb := flagBuilder{b: b, k: k}
	var c flagConds
	ordered := b.Not(b.Or(fb.isNaN(x), fb.isNaN(y)))
	c[0] = b.Or(b.Or(sx, sy), b.And(ordered, b.Or(fb.isInf(x), fb.isZero(y))))
	return c
}

// remainderGlibc is glibc's remainder: the IEEE remainder, except that
// remainderf (flt-32 e_remainderf.c) in the downward mode gives a zero
// the sign opposite to x's when |x| is an odd multiple of |y| other than
// |y| itself: it subtracts |y| from the reduced |x| == |y| (-0 downward)
// and then flips the sign bit by x's.
func remainderGlibc(b *expr.Builder, rm arith.RoundingMode, x, y *expr.Expr) *expr.Expr {
	r := b.FBin(expr.OpFRemainder, rm, x, y)
	if rm != arith.Downward || x.Sort.FK != arith.F32 {
		return r
	}
	fb := flagBuilder{b: b, k: arith.F32}
	ax, ay := b.FAbs(x), b.FAbs(y)
	two := b.FBin(expr.OpFMul, arith.NearestEven, ay, fb.p2(1))
	odd := f3And(b, fb.isZero(r), b.Not(fb.eq(ax, ay)),
		b.And(b.Not(fb.isInf(two)), fb.eq(b.FBin(expr.OpFRem, arith.NearestEven, ax, two), ay)))
	return b.Ite(odd, b.FNeg(r), r)
}
