package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver/expr"
)

// libm functions whose result is exactly defined, kept symbolic for
// symbolic arguments (their concrete forms stay glibc's own, through
// hostc): fmin, fmax, fdim, scalbn, scalbln, ldexp, lround, llround,
// lrint, llrint, nextafter, nexttoward, ilogb, logb and glibc's
// classification functions __isnan, __isinf, __finite, __signbit,
// __fpclassify, __issignaling (and their f/l forms, and the
// isnan/isinf/finite aliases). Each model follows
// glibc 2.36's x86_64 code for the kind, and TestExactLibm compares it with
// glibc over special and random values in every rounding mode.
//
// This file registers after builtins_math.go (init order is by file name):
// it wraps the hostc models registered there.

// exactLibm builds the symbolic result of a family's function; n is the
// integer argument of scalbn/scalbln (concrete). ok is false when the
// arguments need the concrete model (e.g. a scale 2^n out of range).
type exactLibm func(e *Executor, s *State, k arith.Kind, x []Value, xe []*expr.Expr, n int64) (r *expr.Expr, ok bool)

// exactFamilies maps a family (double version's C name) to its model and
// whether the model's operation raises flags (then, with flags tracked,
// the concrete model runs instead).
var exactFamilies = map[string]struct {
	fn     exactLibm
	raises bool
}{
	"fmin":          {libmMinMax(false), true},
	"fmax":          {libmMinMax(true), true},
	"fdim":          {libmFdim, true},
	"scalbn":        {libmLdexp(false), true},
	"scalbln":       {libmLdexp(true), true},
	"ldexp":         {libmLdexp(false), true},
	"nextafter":     {libmNextafter, true},
	"nexttoward":    {libmNexttoward, true},
	"ilogb":         {libmLogb(true), true},
	"logb":          {libmLogb(false), true},
	"lround":        {libmToLong(arith.Round), true},
	"llround":       {libmToLong(arith.Round), true},
	"lrint":         {libmToLong(arith.Rint), true},
	"llrint":        {libmToLong(arith.Rint), true},
	"__isnan":       {libmClass("isnan"), false},
	"__isinf":       {libmClass("isinf"), false},
	"__finite":      {libmClass("finite"), false},
	"__signbit":     {libmClass("signbit"), false},
	"__fpclassify":  {libmClass("fpclassify"), false},
	"__issignaling": {libmClass("issignaling"), false},
}

func decorateLibmExact() {
	for name, b := range builtinTable {
		v, ok := hostc.Lookup(name)
		if !ok {
			v, ok = hostc.Lookup("__" + name) // isnan, isinf, finite: glibc aliases
		}
		if !ok {
			continue
		}
		fam, ok := exactFamilies[v.Name]
		if !ok {
			continue
		}
		conc, k, sig := b.Fn, v.Kind, v.Sig
		flagFn, hasFlags := exactFlags[v.Name]
		nf := 1
		if sig == hostc.SigTT || sig == hostc.SigTLD {
			nf = 2 // nexttoward's y is a long double
		}
		b.Symbolic = true
		noteLayer(name)
		b.Fn = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			sym := false
			for i := range c.Args {
				sym = sym || c.Args[i].E != nil
			}
			if sym && !(fam.raises && e.fpTrack && !hasFlags) {
				if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
					return Value{}, t
				}
				var n int64
				intSym := (sig == hostc.SigTInt || sig == hostc.SigTLong) && c.Args[1].E != nil
				if intSym {
					// A symbolic exponent; with the flags tracked, their
					// conditions on x and n (scalbnSymFlags).
					x := e.exprOf(c.Args[0], c.ArgType(0))
					long := sig == hostc.SigTLong
					var r *expr.Expr
					if e.fpTrack {
						var fl flagConds
						fl, r = e.scalbnSymFlags(s, k, x, c.Args[1].E, e.snanOf(k, c.Args[0]), long)
						if t := e.fpCheck(s, c.Inst, &fl, v.Name, e.callOperands(c)); t != nil {
							return Value{}, t
						}
					} else {
						r = e.scalbnSym(s, k, x, c.Args[1].E, long)
					}
					fb := flagBuilder{b: e.B, k: k}
					if e.errnoIf(s, f3And(e.B, fb.finite(x), e.B.Not(fb.isZero(x)), e.B.Or(fb.isInf(r), fb.isZero(r))), errnoERANGE) {
						return valueOf(r), nil
					}
				}
				if !intSym {
					if sig == hostc.SigTInt || sig == hostc.SigTLong {
						n = c.I64(1)
					}
					xe := make([]*expr.Expr, nf)
					for i := range xe {
						xe[i] = e.exprOf(c.Args[i], c.ArgType(i))
					}
					if r, ok := fam.fn(e, s, k, c.Args[:nf], xe, n); ok {
						if fam.raises && e.fpTrack {
							fl := flagFn(e, s, k, c.Args[:nf], xe, r, n)
							if t := e.fpCheck(s, c.Inst, &fl, v.Name, e.callOperands(c)); t != nil {
								return Value{}, t
							}
						}
						return valueOf(r), nil
					}
				}
			}
			fname := "libm function"
			if c.Fn != nil {
				fname = c.Fn.Name
			}
			for i := range c.Args {
				if c.Args[i].E != nil {
					w, t := e.concreteValue(s, c.Inst, c.Args[i], "argument of "+fname)
					if t != nil {
						return Value{}, t
					}
					c.Args[i] = Value{W: w}
				}
			}
			return conc(e, s, c)
		}
	}
}

// libmMinMax is glibc's fmin/fmax on x86_64: ordered operands give
// minsd/maxsd, which return y when x == y (fmin(-0, +0) = +0), except
// that fminl returns x then; a quiet NaN operand gives the other operand;
// a signalling NaN (for long double also an encoding the x87 rejects) or
// two NaNs give x + y, a NaN.
func libmMinMax(max bool) exactLibm {
	return func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
		b := e.B
		fb := flagBuilder{b: b, k: k}
		a, c := x[0], x[1]
		var pick *expr.Expr // true: a
		switch {
		case max:
			pick = b.FCmp(arith.OGT, a, c)
		case k == arith.F80:
			pick = b.FCmp(arith.OLE, a, c) // fminl(-0, +0) = -0
		default:
			pick = b.FCmp(arith.OLT, a, c)
		}
		r := b.Ite(pick, a, c)
		nan := f2NaN(b, a, c)
		sig := b.Or(e.snanOf(k, v[0]), e.snanOf(k, v[1]))
		if k == arith.F80 {
			// s_fminl/s_fmaxl call any NaN-class encoding with bit 62
			// set quiet (pseudo-NaNs and unnormals included).
			quietish := func(x *expr.Expr) *expr.Expr {
				return b.Eq(b.Extract(e.fpBits(x), 62, 1), b.U64(1, 1))
			}
			sig = b.Or(b.And(fb.isNaN(a), b.Not(quietish(a))), b.And(fb.isNaN(c), b.Not(quietish(c))))
		}
		r = b.Ite(fb.isNaN(a), c, r)
		r = b.Ite(fb.isNaN(c), a, r)
		r = b.Ite(b.Or(sig, b.And(fb.isNaN(a), fb.isNaN(c))), nan, r)
		return r, true
	}
}

// f2NaN is the NaN glibc returns for NaN operands: x + y (the x86 rule
// picks and quiets the first NaN operand).
func f2NaN(b *expr.Builder, x, y *expr.Expr) *expr.Expr {
	return b.FBin(expr.OpFAdd, arith.NearestEven, x, y)
}

// libmFdim is glibc's fdim: x <= y (ordered) ? +0 : x - y, with errno =
// ERANGE when finite operands give an infinite result.
func libmFdim(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
	b := e.B
	fb := flagBuilder{b: b, k: k}
	r := b.Ite(b.FCmp(arith.OLE, x[0], x[1]), b.FConst(k, arith.Word{}), b.FBin(expr.OpFSub, s.RM, x[0], x[1]))
	return r, e.errnoIf(s, b.And(fb.finite(x[0], x[1]), fb.isInf(r)), errnoERANGE)
}

// scalbnExpr is scalbn/scalbln: x * 2^n with one rounding in the current
// mode (glibc computes exactly that, also for subnormal results and
// overflow), when 2^n is a normal number of the kind; otherwise ok is
// false and the concrete model runs.
func scalbnExpr(e *Executor, s *State, k arith.Kind, x *expr.Expr, n int64, long bool) (*expr.Expr, bool) {
	emin, emax := kindParams(k)
	if n < int64(emin) || n > int64(emax) {
		return nil, false
	}
	b := e.B
	r := b.FBin(expr.OpFMul, s.RM, x, b.FConst(k, pow2(k, int(n))))
	if k == arith.F80 && long {
		// scalblnl (ldbl-96 C) returns x unchanged when the exponent and
		// the fraction without the integer bit are zero: zeros, and
		// pseudo-denormals with a zero fraction (which the x87 multiply of
		// scalbnl normalises).
		bits := e.fpBits(x)
		keep := b.And(b.Eq(b.Extract(bits, 64, 15), b.U64(0, 15)), b.Eq(b.Extract(bits, 0, 63), b.U64(0, 63)))
		r = b.Ite(keep, x, r)
	}
	return r, true
}

// libmClass is glibc's classification functions, on the bits as glibc
// reads them (for long double, the ldbl-96 code: a pseudo-infinity is
// infinite, an unnormal is normal, a pseudo-denormal with a zero fraction
// is zero). Results: __isnan 1/0, __isinf 1/-1/0, __finite 1/0, __signbit
// the sign bit as glibc returns it (0x80000000 for float and double, 1 for
// long double), __fpclassify FP_NAN 0, FP_INFINITE 1, FP_ZERO 2,
// FP_SUBNORMAL 3, FP_NORMAL 4.
func libmClass(which string) exactLibm {
	return func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
		b := e.B
		bits := e.fpBits(x[0])
		var exp, frac, sign, intBit *expr.Expr
		switch k {
		case arith.F32:
			exp, frac, sign = b.Extract(bits, 23, 8), b.Extract(bits, 0, 23), b.Extract(bits, 31, 1)
		case arith.F64:
			exp, frac, sign = b.Extract(bits, 52, 11), b.Extract(bits, 0, 52), b.Extract(bits, 63, 1)
		default:
			exp, frac, sign = b.Extract(bits, 64, 15), b.Extract(bits, 0, 63), b.Extract(bits, 79, 1)
			intBit = b.Extract(bits, 63, 1)
		}
		i32 := func(x int64) *expr.Expr { return b.U64(uint64(uint32(int32(x))), 32) }
		ones := b.Const(arith.Mask(exp.Width()), exp.Width())
		zeroE := b.U64(0, exp.Width())
		zeroF := b.U64(0, frac.Width())
		expMax := b.Eq(exp, ones)
		fracZero := b.Eq(frac, zeroF)
		neg := b.Eq(sign, b.U64(1, 1))
		// unnormal: an x87 encoding with a nonzero exponent and the
		// integer bit clear (pseudo-infinities and pseudo-NaNs included).
		unnormal := b.False
		if k == arith.F80 {
			unnormal = b.And(b.Not(b.Eq(exp, zeroE)), b.Eq(intBit, b.U64(0, 1)))
		}
		switch which {
		case "isnan":
			if k == arith.F80 {
				// ldbl-96 __isnanl: 0xffff for exponent all ones and a
				// nonzero fraction, or'ed with 1 for an unnormal.
				r := b.Ite(b.And(expMax, b.Not(fracZero)), i32(0xffff), i32(0))
				return b.Bin(expr.OpOr, r, b.Ite(unnormal, i32(1), i32(0))), true
			}
			return b.Ite(b.And(expMax, b.Not(fracZero)), i32(1), i32(0)), true
		case "isinf":
			return b.Ite(f3And(b, expMax, fracZero, b.Not(unnormal)), b.Ite(neg, i32(-1), i32(1)), i32(0)), true
		case "issignaling":
			// A NaN with the quiet bit clear and another fraction bit set;
			// for long double (glibc 2.36's ldbl-96) also every encoding the
			// x87 rejects: unnormals, pseudo-NaNs, pseudo-infinities.
			fw := frac.Width()
			quiet := b.Extract(frac, fw-1, 1)
			rest := b.Extract(frac, 0, fw-1)
			if k == arith.F80 {
				quiet, rest = b.Extract(frac, 62, 1), b.Extract(frac, 0, 62)
			}
			c := f3And(b, expMax, b.Eq(quiet, b.U64(0, 1)), b.Not(b.Eq(rest, b.U64(0, rest.Width()))))
			if k == arith.F80 {
				c = b.Or(c, unnormal)
			}
			return b.Ite(c, i32(1), i32(0)), true
		case "finite":
			return b.Ite(expMax, i32(0), i32(1)), true
		case "signbit":
			// glibc returns the movmsk bit of the sign's byte.
			mask := map[arith.Kind]int64{arith.F32: 0x8, arith.F64: 0x80, arith.F80: 0x200}[k]
			return b.Ite(neg, i32(mask), i32(0)), true
		}
		// fpclassify
		sub := b.And(b.Eq(exp, zeroE), b.Not(fracZero))
		zero := b.And(b.Eq(exp, zeroE), fracZero)
		if k == arith.F80 {
			// The integer bit counts: a pseudo-denormal is normal, an
			// unnormal (pseudo-infinity, pseudo-NaN) is a NaN.
			noInt := b.Eq(intBit, b.U64(0, 1))
			sub = f3And(b, b.Eq(exp, zeroE), noInt, b.Not(fracZero))
			zero = f3And(b, b.Eq(exp, zeroE), noInt, fracZero)
		}
		r := b.Ite(expMax, b.Ite(fracZero, i32(1), i32(0)), i32(4))
		r = b.Ite(unnormal, i32(0), r)
		r = b.Ite(sub, i32(3), r)
		r = b.Ite(zero, i32(2), r)
		return r, true
	}
}

func f3And(b *expr.Builder, x, y, z *expr.Expr) *expr.Expr { return b.And(x, b.And(y, z)) }

// libmLdexp is glibc's ldexp (and the scalbn/scalbln wrappers): scalbn,
// with errno = ERANGE when a finite nonzero x gives an infinite or zero
// result.
func libmLdexp(long bool) exactLibm {
	return func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, n int64) (*expr.Expr, bool) {
		r, ok := scalbnExpr(e, s, k, x[0], n, long)
		if !ok {
			// 2^n is not a number of the kind: the general product
			// (scalbnFlags takes its flags from scalbnSymFlags).
			r = e.scalbnSym(s, k, x[0], e.B.U64(uint64(n), 64), long)
		}
		b := e.B
		fb := flagBuilder{b: b, k: k}
		return r, e.errnoIf(s, f3And(b, fb.finite(x[0]), b.Not(fb.isZero(x[0])), b.Or(fb.isInf(r), fb.isZero(r))), errnoERANGE)
	}
}

// errnoIf sets errno to val under cond (a symbolic errno when cond is
// symbolic); false if errno cannot be written.
func (e *Executor) errnoIf(s *State, cond *expr.Expr, val int) bool {
	if cond.IsFalse() {
		return true
	}
	b := e.B
	old, oldE, f := s.Mem.LoadExpr(s.Errno, 4)
	if f != nil {
		return false
	}
	if oldE == nil {
		oldE = b.Const(old, 32)
	}
	return s.Mem.StoreExpr(s.Errno, 4, b.Ite(cond, b.U64(uint64(val), 32), oldE)) == nil
}

// libmToLong is lround/llround/lrint/llrint: the value rounded to an
// integer (ties away, or in the current mode) and converted to a 64-bit
// long; a NaN or out-of-range value gives x86's integer indefinite
// 0x8000000000000000, as glibc's code ((long) x, cvtsd2si, fistp) does.
func libmToLong(how arith.Integral) exactLibm {
	return func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
		if k == arith.F80 && how == arith.Round {
			// ldbl-96 lroundl works on the bits (libm_exact_f80.go).
			return libmLroundl(e, x[0])
		}
		return e.B.FPToInt(true, e.B.FRound(how, s.RM, x[0]), 64), true
	}
}

// libmNextafter is glibc's nextafter for float and double: x + y for a
// NaN, y when x == y, the smallest subnormal with y's sign from a zero,
// else the neighbour of x toward y (the bit pattern plus or minus one);
// errno = ERANGE when that neighbour is infinite, subnormal or zero. Long
// double (explicit integer bit): libmNextafterl.
func libmNextafter(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
	if k == arith.F80 {
		return libmNextafterl(e, s, x)
	}
	b := e.B
	fb := flagBuilder{b: b, k: k}
	a, c := x[0], x[1]
	w := k.Bits()
	bits := e.fpBits(a)
	one := b.U64(1, w)
	up := b.Bin(expr.OpAdd, bits, one)
	down := b.Bin(expr.OpSub, bits, one)
	// |x| grows when x < y for positive x, or x > y for negative x.
	grow := b.Eq(fb.lt(a, c), b.Not(fb.isNeg(a)))
	step := b.FromBits(b.Ite(grow, up, down), k)
	signY := b.Extract(e.fpBits(c), w-1, 1)
	tiny := b.FromBits(b.Bin(expr.OpOr, b.Bin(expr.OpShl, b.ZExt(signY, w), b.U64(uint64(w-1), w)), one), k)
	r := b.Ite(fb.isZero(a), tiny, step)
	r = b.Ite(fb.eq(a, c), c, r)
	r = b.Ite(b.Or(fb.isNaN(a), fb.isNaN(c)), f2NaN(b, a, c), r)
	expW := map[arith.Kind]int{arith.F32: 8, arith.F64: 11}[k]
	stepExp := b.Extract(b.Ite(grow, up, down), w-1-expW, expW)
	rangeErr := b.Or(b.Eq(stepExp, b.Const(arith.Mask(expW), expW)), b.Eq(stepExp, b.U64(0, expW)))
	cond := f3And(b, b.Not(b.Or(fb.isNaN(a), fb.isNaN(c))), b.Not(fb.eq(a, c)), b.And(b.Not(fb.isZero(a)), rangeErr))
	return r, e.errnoIf(s, cond, errnoERANGE)
}

// errnoEDOM is Linux's EDOM.
const errnoEDOM = 33

// libmLogb is glibc's ilogb and logb for float and double: the unbiased
// exponent of a finite nonzero x (subnormals normalised, by an exact
// scaling), as an int or a float; ilogb gives INT_MIN for zero and NaN and
// INT_MAX for infinities with errno = EDOM, logb -inf for zero (errno as
// glibc: none) and x*x for infinities and NaNs. Long double (explicit
// integer bit, unnormals): libmLogbl.
func libmLogb(ilogb bool) exactLibm {
	return func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
		if k == arith.F80 {
			return libmLogbl(e, s, x[0], ilogb)
		}
		b := e.B
		fb := flagBuilder{b: b, k: k}
		a := x[0]
		fw, bias := 23, 127
		if k == arith.F64 {
			fw, bias = 52, 1023
		}
		w := k.Bits()
		expOf := func(y *expr.Expr) *expr.Expr {
			return b.ZExt(b.Extract(e.fpBits(y), fw, w-1-fw), 32)
		}
		// A subnormal times 2^fw is normal, exactly.
		scaled := b.FBin(expr.OpFMul, arith.NearestEven, a, fb.p2(fw))
		eNorm := b.Bin(expr.OpSub, expOf(a), b.U64(uint64(bias), 32))
		eSub := b.Bin(expr.OpSub, expOf(scaled), b.U64(uint64(bias+fw), 32))
		sub := b.Eq(b.Extract(e.fpBits(a), fw, w-1-fw), b.U64(0, w-1-fw))
		ex := b.Ite(sub, eSub, eNorm)
		zero, nan, inf := fb.isZero(a), fb.isNaN(a), fb.isInf(a)
		if ilogb {
			r := b.Ite(b.Or(zero, nan), b.U64(0x80000000, 32), b.Ite(inf, b.U64(0x7fffffff, 32), ex))
			return r, e.errnoIf(s, b.Or(b.Or(zero, nan), inf), errnoEDOM)
		}
		negInf := b.FNeg(b.FConst(k, arith.FDiv(k, arith.NearestEven, pow2(k, 0), arith.Word{})))
		r := b.Ite(zero, negInf, b.Ite(b.Or(nan, inf), b.FBin(expr.OpFMul, s.RM, a, a), b.IntToFP(true, s.RM, ex, k)))
		return r, true
	}
}
