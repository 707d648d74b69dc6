package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Symbolic exception flags: for an FP operation on symbolic operands, the
// condition under which it raises each IEEE flag, as an expression of the
// operands in the FP theory, decided on the ROUNDED operation exactly as
// the x86 hardware decides it (arith's *Flags functions are the concrete
// counterpart; the tests evaluate these conditions against them):
//
//   - inexact: the operands are finite, the result is not a NaN, and
//     rounding up and rounding down give different values (they agree
//     exactly when the exact result is representable);
//   - overflow: finite operands and an infinite result, or (directed
//     modes, which round toward MAX) an exact result of magnitude at least
//     2^(emax+1), tested as |RZ(op on halved operands)| >= 2^emax;
//   - underflow (masked, x86 detects tininess after rounding): inexact and
//     tiny, i.e. |r| < MIN_NORMAL, or |r| == MIN_NORMAL while the exact
//     result rounded with an unbounded exponent is below it, tested by
//     doubling the exact result (one operand doubled, exactly);
//   - invalid: a signalling NaN operand, or an invalid combination
//     (inf-inf, 0*inf, 0/0, inf/inf, sqrt of a negative, ...);
//   - divbyzero: a finite nonzero value divided by zero.
//
// The FP theory has one NaN, so whether an operand is a signalling NaN is
// read from where its bits come from (snanOf).

// flagIdx is the index of a flag in a flagConds (the order of arith.FlagList).
func flagIdx(f arith.Flags) int {
	for i, g := range arith.FlagList {
		if g == f {
			return i
		}
	}
	panic("executor: not a single flag")
}

// flagConds holds one condition per flag, in arith.FlagList order; nil
// means false.
type flagConds [5]*expr.Expr

// when is c with every flag's condition conjoined with cond (a flag the
// operation raises only on some of its paths).
func (c flagConds) when(b *expr.Builder, cond *expr.Expr) flagConds {
	for i := range c {
		if c[i] != nil {
			c[i] = b.And(cond, c[i])
		}
	}
	return c
}

// kindParams are the exponent limits of a float kind.
func kindParams(k arith.Kind) (emin, emax int) {
	switch k {
	case arith.F32:
		return -126, 127
	case arith.F64:
		return -1022, 1023
	}
	return -16382, 16383
}

// pow2 is the Word of 2^e in kind k (e a normal exponent).
func pow2(k arith.Kind, e int) arith.Word {
	switch k {
	case arith.F32:
		return arith.Word{Lo: uint64(e+127) << 23}
	case arith.F64:
		return arith.Word{Lo: uint64(e+1023) << 52}
	}
	return arith.Word{Lo: 1 << 63, Hi: uint64(e + 16383)}
}

// flagBuilder builds flag conditions for operations of one kind.
type flagBuilder struct {
	b  *expr.Builder
	k  arith.Kind
	rm arith.RoundingMode
}

func (f flagBuilder) p2(e int) *expr.Expr { return f.b.FConst(f.k, pow2(f.k, e)) }

func (f flagBuilder) isNaN(x *expr.Expr) *expr.Expr  { return f.b.FClass(expr.OpFIsNaN, x) }
func (f flagBuilder) isInf(x *expr.Expr) *expr.Expr  { return f.b.FClass(expr.OpFIsInf, x) }
func (f flagBuilder) isZero(x *expr.Expr) *expr.Expr { return f.b.FClass(expr.OpFIsZero, x) }
func (f flagBuilder) isNeg(x *expr.Expr) *expr.Expr  { return f.b.FClass(expr.OpFIsNeg, x) }

func (f flagBuilder) finite(xs ...*expr.Expr) *expr.Expr {
	c := f.b.True
	for _, x := range xs {
		c = f.b.And(c, f.b.Not(f.b.Or(f.isNaN(x), f.isInf(x))))
	}
	return c
}

func (f flagBuilder) or(cs ...*expr.Expr) *expr.Expr {
	c := f.b.False
	for _, x := range cs {
		if x != nil {
			c = f.b.Or(c, x)
		}
	}
	return c
}

func (f flagBuilder) and(cs ...*expr.Expr) *expr.Expr {
	c := f.b.True
	for _, x := range cs {
		c = f.b.And(c, x)
	}
	return c
}

func (f flagBuilder) lt(x, y *expr.Expr) *expr.Expr { return f.b.FCmp(arith.OLT, x, y) }
func (f flagBuilder) le(x, y *expr.Expr) *expr.Expr { return f.b.FCmp(arith.OLE, x, y) }
func (f flagBuilder) eq(x, y *expr.Expr) *expr.Expr { return f.b.FCmp(arith.OEQ, x, y) }

// scale multiplies x by 2^s (s = -1 or 1) in round-to-nearest: exact
// wherever the flag conditions use it.
func (f flagBuilder) scale(x *expr.Expr, s int) *expr.Expr {
	if s == 0 {
		return x
	}
	return f.b.FBin(expr.OpFMul, arith.NearestEven, x, f.p2(s))
}

// roundedOp computes an operation in a rounding mode on its operands
// scaled by 2^s (s = -1: the exact result halved; s = 1: doubled).
type roundedOp func(rm arith.RoundingMode, s int) *expr.Expr

// rounded fills overflow, underflow and inexact for a rounded operation
// with result r (in f.rm). fin: the operands are finite (for overflow, also
// excluding exact infinities such as x/0); tiny: whether the result can be
// tiny and inexact at all; ovf: whether it can overflow.
func (f flagBuilder) rounded(c *flagConds, fin, finOvf, r *expr.Expr, at roundedOp, ovf, tiny bool) {
	f.roundedWith(c, fin, finOvf, r, at, ovf, tiny, nil)
}

// roundedWith is rounded with the inexact condition given (nil: the
// general one).
func (f flagBuilder) roundedWith(c *flagConds, fin, finOvf, r *expr.Expr, at roundedOp, ovf, tiny bool, inexact *expr.Expr) {
	b := f.b
	if inexact == nil {
		inexact = f.and(fin, b.Not(f.isNaN(r)), b.Not(f.eq(at(arith.Upward, 0), at(arith.Downward, 0))))
	}
	c[4] = inexact
	emin, emax := kindParams(f.k)
	if ovf {
		big := f.isInf(r)
		if f.rm != arith.NearestEven {
			big = b.Or(big, f.le(f.p2(emax), b.FAbs(at(arith.TowardZero, -1))))
		}
		c[2] = f.and(finOvf, big)
	}
	if tiny {
		minN := f.p2(emin)
		ar := b.FAbs(r)
		t := b.Or(f.lt(ar, minN), f.and(f.eq(ar, minN), f.lt(b.FAbs(at(f.rm, 1)), f.p2(emin+1))))
		c[3] = b.And(inexact, t)
	}
}

// arithFlags returns the flag conditions of x op y (op: FlagAdd, FlagSub,
// FlagMul, FlagDiv) with result r; sx, sy say whether x, y are signalling
// NaNs.
func (f flagBuilder) arithFlags(op arith.FlagOp, x, y, r, sx, sy *expr.Expr) flagConds {
	b := f.b
	var c flagConds
	snan := b.Or(sx, sy)
	fin := f.finite(x, y)
	abs := b.FAbs
	switch op {
	case arith.FlagAdd, arith.FlagSub:
		o := expr.OpFAdd
		sameSign := b.Eq(f.isNeg(x), f.isNeg(y))
		infInf := b.And(f.isInf(x), f.isInf(y))
		if op == arith.FlagSub {
			o = expr.OpFSub
			c[0] = b.Or(snan, b.And(infInf, sameSign))
		} else {
			c[0] = b.Or(snan, b.And(infInf, b.Not(sameSign)))
		}
		at := func(rm arith.RoundingMode, s int) *expr.Expr {
			return b.FBin(o, rm, f.scale(x, s), f.scale(y, s))
		}
		// A sum that is tiny is exact, so it never underflows.
		f.rounded(&c, fin, fin, r, at, true, false)
	case arith.FlagMul:
		c[0] = f.or(snan, b.And(f.isZero(x), f.isInf(y)), b.And(f.isInf(x), f.isZero(y)))
		var inexact *expr.Expr
		if inv, ok := f.pow2Inverse(y); ok {
			// Scaling by a power of two: inexact exactly when scaling the
			// result back does not give x (or it overflowed). Far cheaper
			// for the solver than comparing two roundings.
			back := b.FBin(expr.OpFMul, arith.NearestEven, r, inv)
			inexact = f.and(fin, b.Not(f.isNaN(r)), b.Or(f.isInf(r), b.Not(f.eq(back, x))))
		}
		at := func(rm arith.RoundingMode, s int) *expr.Expr {
			switch s {
			case -1:
				return b.FBin(expr.OpFMul, rm, f.scale(x, -1), y)
			case 1:
				return b.Ite(f.le(abs(x), abs(y)),
					b.FBin(expr.OpFMul, rm, f.scale(x, 1), y), b.FBin(expr.OpFMul, rm, x, f.scale(y, 1)))
			}
			return b.FBin(expr.OpFMul, rm, x, y)
		}
		f.roundedWith(&c, fin, fin, r, at, true, true, inexact)
	case arith.FlagDiv:
		if inv, ok := f.pow2Inverse(y); ok {
			// x / 2^k is x * 2^-k: same value, same flags.
			return f.arithFlags(arith.FlagMul, x, inv, r, sx, b.False)
		}
		c[0] = f.or(snan, b.And(f.isZero(x), f.isZero(y)), b.And(f.isInf(x), f.isInf(y)))
		c[1] = f.and(f.finite(x), b.Not(f.isZero(x)), f.isZero(y))
		one := f.p2(0)
		at := func(rm arith.RoundingMode, s int) *expr.Expr {
			switch s {
			case -1:
				return b.FBin(expr.OpFDiv, rm, f.scale(x, -1), y)
			case 1:
				return b.Ite(f.le(abs(x), one),
					b.FBin(expr.OpFDiv, rm, f.scale(x, 1), y), b.FBin(expr.OpFDiv, rm, x, f.scale(y, -1)))
			}
			return b.FBin(expr.OpFDiv, rm, x, y)
		}
		f.rounded(&c, fin, b.And(fin, b.Not(f.isZero(y))), r, at, true, true)
	}
	return c
}

// sqrtFlags: invalid for a signalling NaN or a negative nonzero number;
// inexact; never overflow or underflow.
func (f flagBuilder) sqrtFlags(x, r, sx *expr.Expr) flagConds {
	b := f.b
	var c flagConds
	c[0] = b.Or(sx, f.and(b.Not(f.isNaN(x)), f.isNeg(x), b.Not(f.isZero(x))))
	at := func(rm arith.RoundingMode, s int) *expr.Expr { return b.FSqrt(rm, x) }
	f.rounded(&c, f.finite(x), f.finite(x), r, at, false, false)
	return c
}

// fmaFlags: x*y+z with one rounding (vfmadd / glibc fma).
func (f flagBuilder) fmaFlags(x, y, z, r, sx, sy, sz *expr.Expr) flagConds {
	b := f.b
	var c flagConds
	zeroInf := b.Or(b.And(f.isZero(x), f.isInf(y)), b.And(f.isInf(x), f.isZero(y)))
	// inf*finite (or inf*inf) minus inf of the other sign.
	prodInf := f.and(b.Or(f.isInf(x), f.isInf(y)), b.Not(f.isNaN(x)), b.Not(f.isNaN(y)), b.Not(zeroInf))
	prodNeg := b.Xor(f.isNeg(x), f.isNeg(y))
	c[0] = f.or(sx, sy, sz, zeroInf,
		f.and(prodInf, f.isInf(z), b.Not(b.Eq(prodNeg, f.isNeg(z)))))
	abs := b.FAbs
	at := func(rm arith.RoundingMode, s int) *expr.Expr {
		switch s {
		case -1:
			return b.FMA(rm, f.scale(x, -1), y, f.scale(z, -1))
		case 1:
			return b.Ite(f.le(abs(x), abs(y)),
				b.FMA(rm, f.scale(x, 1), y, f.scale(z, 1)), b.FMA(rm, x, f.scale(y, 1), f.scale(z, 1)))
		}
		return b.FMA(rm, x, y, z)
	}
	fin := f.finite(x, y, z)
	f.rounded(&c, fin, fin, r, at, true, true)
	return c
}

// truncFlags: fptrunc of x (kind f.k) to kind `to` with result r.
func (f flagBuilder) truncFlags(x, r, sx *expr.Expr, to arith.Kind) flagConds {
	b := f.b
	var c flagConds
	c[0] = sx
	fin := f.finite(x)
	at := func(rm arith.RoundingMode, s int) *expr.Expr { return b.FPConv(rm, f.scale(x, s), to) }
	g := flagBuilder{b: b, k: to, rm: f.rm}
	g.rounded(&c, fin, fin, r, at, true, true)
	return c
}

// intToFPFlags: sitofp/uitofp of the integer x to kind f.k: only inexact
// and (i128 to float) overflow.
func (f flagBuilder) intToFPFlags(signed bool, x, r *expr.Expr) flagConds {
	b := f.b
	var c flagConds
	at := func(rm arith.RoundingMode, s int) *expr.Expr { return b.IntToFP(signed, rm, x, f.k) }
	c[4] = b.Not(f.eq(at(arith.Upward, 0), at(arith.Downward, 0)))
	c[2] = f.isInf(r)
	return c
}

// cvttFlags: a truncating conversion of x to an n-bit signed integer
// (cvttss2si/cvttsd2si, x87 fistp with truncation): invalid for NaN or a
// truncated value out of range, else inexact when x is not integral.
func (f flagBuilder) cvttFlags(c *flagConds, x *expr.Expr, n int) {
	b := f.b
	t := b.FRound(arith.Trunc, arith.NearestEven, x)
	in := b.And(f.le(b.FNeg(f.p2(n-1)), t), f.lt(x, f.p2(n-1)))
	c[0] = f.or(c[0], b.Not(in))
	c[4] = f.or(c[4], b.And(in, b.Not(f.eq(t, x))))
}

// fpToIntFlags: fptosi/fptoui to width <= 64 bits as clang lowers them
// (see arith.FPToSI, arith.FPToUI, arith.FPToIntFlags). ok is false for
// wider integers (libgcc routines).
func (f flagBuilder) fpToIntFlags(x, sx *expr.Expr, width int, signed bool) (c flagConds, ok bool) {
	b := f.b
	if width > 64 {
		return c, false
	}
	c[0] = sx
	if f.k == arith.F80 {
		switch {
		case signed && width <= 16, !signed && width <= 15:
			f.cvttFlags(&c, x, 16)
		case signed && width <= 32, !signed && width <= 31:
			f.cvttFlags(&c, x, 32)
		case signed || width < 64:
			f.cvttFlags(&c, x, 64)
		default:
			// fucomi against 2^63 (quiet), t = x - (x >= 2^63 or NaN ?
			// 2^63 : 0) in the current mode, fistpll t.
			two63 := f.p2(63)
			big := b.Not(f.lt(x, two63))
			t := b.Ite(big, b.FBin(expr.OpFSub, f.rm, x, two63), x)
			sub := f.arithFlags(arith.FlagSub, x, two63, t, b.False, b.False)
			c[4] = b.And(big, sub[4])
			f.cvttFlags(&c, t, 64)
		}
		return c, true
	}
	switch {
	case signed && width <= 32, !signed && width <= 31:
		f.cvttFlags(&c, x, 32)
	case signed || width < 64:
		f.cvttFlags(&c, x, 64)
	default:
		// cvtt(x) and cvtt(x - 2^63) are both executed.
		two63 := f.p2(63)
		t := b.FBin(expr.OpFSub, arith.NearestEven, x, two63)
		sub := flagBuilder{b: b, k: f.k, rm: arith.NearestEven}.arithFlags(arith.FlagSub, x, two63, t, sx, b.False)
		c[0] = b.Or(c[0], sub[0])
		c[4] = sub[4]
		f.cvttFlags(&c, x, 64)
		f.cvttFlags(&c, t, 64)
	}
	return c, true
}

// roundIntFlags: floor, ceil, trunc, round, roundeven, nearbyint raise
// only invalid (signalling NaN); rint raises inexact too.
func (f flagBuilder) roundIntFlags(how arith.Integral, x, r, sx *expr.Expr) flagConds {
	var c flagConds
	c[0] = sx
	if how == arith.Rint {
		c[4] = f.and(f.finite(x), f.b.Not(f.eq(r, x)))
	}
	return c
}

// snanOf is the condition that v (of kind k) is a signalling NaN: for the
// x87 also the encodings it rejects as invalid operands (pseudo-NaN,
// pseudo-infinity, unnormal). FP operations never produce one, so only
// bits from memory or constants, passed through sign operations and
// selects, can be one.
func (e *Executor) snanOf(k arith.Kind, v Value) *expr.Expr {
	if v.E == nil {
		return e.B.BoolConst(isSNaN(k, v.W))
	}
	return e.snanExpr(k, v.E)
}

func (e *Executor) snanExpr(k arith.Kind, x *expr.Expr) *expr.Expr {
	b := e.B
	switch x.Op {
	case expr.OpConst:
		return b.BoolConst(isSNaN(k, x.Val))
	case expr.OpFNeg, expr.OpFAbs:
		return e.snanExpr(k, x.Kid[0])
	case expr.OpIte:
		return b.Ite(x.Kid[0], e.snanExpr(k, x.Kid[1]), e.snanExpr(k, x.Kid[2]))
	case expr.OpFMin, expr.OpFMax:
		// isnan(a) ? b : minsd(b, a): b passes through unquieted.
		return b.And(b.FClass(expr.OpFIsNaN, x.Kid[0]), e.snanExpr(k, x.Kid[1]))
	case expr.OpFromBits:
		bits := x.Kid[0]
		nan := b.FClass(expr.OpFIsNaN, x)
		switch k {
		case arith.F32:
			return b.And(nan, b.Eq(b.Extract(bits, 22, 1), b.U64(0, 1)))
		case arith.F64:
			return b.And(nan, b.Eq(b.Extract(bits, 51, 1), b.U64(0, 1)))
		}
		// A quiet x87 NaN has exponent all ones and both top significand
		// bits set; every other NaN-class encoding is invalid.
		quiet := b.And(b.Eq(b.Extract(bits, 64, 15), b.U64(0x7fff, 15)), b.Eq(b.Extract(bits, 62, 2), b.U64(3, 2)))
		return b.And(nan, b.Not(quiet))
	}
	return b.False
}

// isSNaN reports whether w is a signalling NaN of kind k (for x86_fp80:
// any NaN-class encoding but a quiet NaN).
func isSNaN(k arith.Kind, w arith.Word) bool {
	if !arith.IsNaN(k, w) {
		return false
	}
	switch k {
	case arith.F32:
		return w.Lo&(1<<22) == 0
	case arith.F64:
		return w.Lo&(1<<51) == 0
	}
	return !(w.Hi&0x7fff == 0x7fff && w.Lo>>62 == 3)
}

// expAllOnes is the condition that the x86_fp80 x has the exponent field
// all ones (an infinity or NaN, pseudo or not) rather than being an
// unnormal: glibc's roundl and roundevenl work on the bits and raise
// invalid only for the former. Results of operations are never unnormal.
func (e *Executor) expAllOnes(x *expr.Expr) *expr.Expr {
	b := e.B
	switch x.Op {
	case expr.OpConst:
		return b.BoolConst(x.Val.Hi&0x7fff == 0x7fff)
	case expr.OpFNeg, expr.OpFAbs:
		return e.expAllOnes(x.Kid[0])
	case expr.OpIte:
		return b.Ite(x.Kid[0], e.expAllOnes(x.Kid[1]), e.expAllOnes(x.Kid[2]))
	case expr.OpFromBits:
		return b.Eq(b.Extract(x.Kid[0], 64, 15), b.U64(0x7fff, 15))
	}
	return b.True
}

// roundIntSNaN is the invalid condition of rounding x (kind k) to an
// integral value the way `how` does: a signalling NaN, except that
// roundl/roundevenl let x87 unnormals through silently.
func (e *Executor) roundIntSNaN(k arith.Kind, how arith.Integral, v Value, x *expr.Expr) *expr.Expr {
	s := e.snanOf(k, v)
	if k == arith.F80 && (how == arith.Round || how == arith.RoundEven) {
		s = e.B.And(s, e.expAllOnes(x))
	}
	return s
}

// pow2Inverse returns 1/y when y is a constant ±2^k whose inverse is a
// normal number too.
func (f flagBuilder) pow2Inverse(y *expr.Expr) (*expr.Expr, bool) {
	if y.Op != expr.OpConst {
		return nil, false
	}
	w := y.Val
	emin, emax := kindParams(f.k)
	var e int
	var neg bool
	switch f.k {
	case arith.F32:
		if w.Lo&0x7fffff != 0 {
			return nil, false
		}
		e, neg = int(w.Lo>>23&0xff)-127, w.Lo&(1<<31) != 0
	case arith.F64:
		if w.Lo&(1<<52-1) != 0 {
			return nil, false
		}
		e, neg = int(w.Lo>>52&0x7ff)-1023, w.Lo&(1<<63) != 0
	default:
		if w.Lo != 1<<63 {
			return nil, false
		}
		e, neg = int(w.Hi&0x7fff)-16383, w.Hi&0x8000 != 0
	}
	if e <= emin || e >= emax || -e <= emin || -e >= emax {
		return nil, false
	}
	inv := pow2(f.k, -e)
	if neg {
		inv = arith.FNeg(f.k, inv)
	}
	return f.b.FConst(f.k, inv), true
}
