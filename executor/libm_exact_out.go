package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver/expr"
)

// libm functions with an out-parameter whose results are exactly defined,
// kept symbolic for symbolic arguments: frexp (int *exp), modf (T *iptr)
// and remquo (int *quo), float, double and long double. The value written
// through the pointer is an expression too, so a program that branches on
// the exponent, the integral part or the quotient bits forks on them.
// Each model transcribes glibc 2.36's x86_64 code (dbl-64, flt-32 and
// ldbl-96 C files) on the bits, so the unusual x87 encodings take the
// same paths as in glibc; TestExactLibmOut compares the models, evaluated
// with expr.Evaluator, with glibc over special and random values in every
// rounding mode.

// outLibm builds a family's symbolic result r, the value out stored
// through its pointer argument (an int32, or a float of kind k), the
// condition under which glibc stores it (remquo leaves *quo alone for a
// NaN result), and the conditions of the exception flags glibc raises
// (only invalid can be: every other operation of these functions is
// exact). v are the float arguments, x their expressions.
type outLibm func(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr) (r, out, store *expr.Expr, fl flagConds)

// outFamilies: the double version's C name → the model and the number of
// float arguments (the pointer follows them).
var outFamilies = map[string]struct {
	fn outLibm
	nf int
}{
	"frexp":  {libmFrexp, 1},
	"modf":   {libmModf, 1},
	"remquo": {libmRemquo, 2},
}

func decorateLibmExactOut() {
	for name, b := range builtinTable {
		v, ok := hostc.Lookup(name)
		if !ok {
			continue
		}
		fam, ok := outFamilies[v.Name]
		if !ok {
			continue
		}
		conc, k, fname := b.Fn, v.Kind, name
		if v.Name == "remquo" {
			conc = remquoConcrete(v)
		}
		b.Symbolic = true
		noteLayer(name)
		b.Fn = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			sym := false
			for i := 0; i < fam.nf; i++ {
				sym = sym || c.Args[i].E != nil
			}
			if c.Args[fam.nf].E != nil {
				p, t := e.concreteValue(s, c.Inst, c.Args[fam.nf], "pointer argument of "+fname)
				if t != nil {
					return Value{}, t
				}
				c.Args[fam.nf] = Value{W: p}
			}
			if sym {
				return e.outSymbolic(s, c, k, fam.fn, fam.nf, fname)
			}
			for i := 0; i < fam.nf; i++ {
				if c.Args[i].E != nil {
					w, t := e.concreteValue(s, c.Inst, c.Args[i], "exception flags of "+fname)
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

// outSymbolic runs a symbolic out-parameter model and stores its output.
func (e *Executor) outSymbolic(s *State, c *Call, k arith.Kind, fn outLibm, nf int, name string) (Value, *Termination) {
	for i := 0; i < nf; i++ {
		if _, t := e.libmFloatArg(s, c, i, k); t != nil {
			return Value{}, t
		}
	}
	xe := make([]*expr.Expr, nf)
	for i := range xe {
		xe[i] = e.exprOf(c.Args[i], c.ArgType(i))
	}
	r, out, store, fl := fn(e, s, k, c.Args[:nf], xe)
	if e.fpTrack {
		// Reported on the paths where the call raises a checked flag,
		// before anything is stored, as the trap would stop it natively.
		if t := e.fpCheck(s, c.Inst, &fl, name, e.callOperands(c)); t != nil {
			return Value{}, t
		}
	}
	bits, n := out, uint64(4)
	if out.Sort.Kind == expr.FP {
		bits, n = e.fpBits(out), libmStoreSize(k)
	}
	if !store.IsFalse() {
		addr := c.U64(nf)
		if !store.IsTrue() {
			old, oldE, f := s.Mem.LoadExpr(addr, n)
			if f != nil {
				return e.fault(s, c, f)
			}
			if oldE == nil {
				oldE = e.B.Const(old, int(8*n))
			}
			bits = e.B.Ite(store, bits, oldE)
		}
		if f := s.Mem.StoreExpr(addr, n, bits); f != nil {
			return e.fault(s, c, f)
		}
	}
	return valueOf(r), nil
}

// fpLayout is the bit layout of a kind: fraction width (for x86_fp80 the
// 64-bit significand with its integer bit), exponent width and bias.
func fpLayout(k arith.Kind) (fw, ew, bias int) {
	switch k {
	case arith.F32:
		return 23, 8, 127
	case arith.F64:
		return 52, 11, 1023
	}
	return 64, 15, 16383
}

// fpFields splits the bits of x into sign (1 bit), exponent and
// significand (the fraction; for x86_fp80 the 64 bits with the integer
// bit).
func (e *Executor) fpFields(k arith.Kind, x *expr.Expr) (bits, sign, exp, mant *expr.Expr) {
	b := e.B
	fw, ew, _ := fpLayout(k)
	bits = e.fpBits(x)
	return bits, b.Extract(bits, fw+ew, 1), b.Extract(bits, fw, ew), b.Extract(bits, 0, fw)
}

// fpNaNBits is glibc's NaN test on the bits: exponent all ones and a
// nonzero fraction (for x86_fp80 ignoring the integer bit, as ldbl-96
// does: a pseudo-infinity is not a NaN there).
func (e *Executor) fpNaNBits(k arith.Kind, exp, mant *expr.Expr) *expr.Expr {
	b := e.B
	if k == arith.F80 {
		mant = b.Extract(mant, 0, 63)
	}
	return b.And(b.Eq(exp, b.Const(arith.Mask(exp.Width()), exp.Width())), b.Not(b.Eq(mant, b.U64(0, mant.Width()))))
}

// libmFrexp is frexp: for 0, ±INF and NaN, x + x and *exp = 0; otherwise
// x with its exponent replaced by bias-1 (a magnitude in [0.5, 1)) and
// *exp the exponent that undoes it, a subnormal first scaled to a normal
// number exactly (by 2^25, 2^54, 2^65 as glibc does). For x86_fp80 the
// significand keeps its integer bit as it is (an unnormal stays one).
func libmFrexp(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr) (r, out, store *expr.Expr, fl flagConds) {
	b := e.B
	a := x[0]
	fw, ew, bias := fpLayout(k)
	w := k.Bits()
	bits, _, exp, _ := e.fpFields(k, a)
	zeroE := b.U64(0, ew)
	special := b.Or(b.Eq(exp, b.Const(arith.Mask(ew), ew)), b.Eq(b.Extract(bits, 0, w-1), b.U64(0, w-1)))
	scale := map[arith.Kind]int{arith.F32: 25, arith.F64: 54, arith.F80: 65}[k]
	sub := b.Eq(exp, zeroE)
	norm := b.Ite(sub, b.FBin(expr.OpFMul, arith.NearestEven, a, b.FConst(k, pow2(k, scale))), a)
	nb, _, nexp, _ := e.fpFields(k, norm)
	adj := b.Ite(sub, b.U64(uint64(bias-1+scale), 32), b.U64(uint64(bias-1), 32))
	ex := b.Bin(expr.OpSub, b.ZExt(nexp, 32), adj)
	// sign | (bias-1) << fw | significand
	mask := arith.Or(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, w), arith.Mask(fw))
	mant := b.Bin(expr.OpOr, b.Bin(expr.OpAnd, nb, b.Const(mask, w)), b.Const(arith.Shl(arith.Word{Lo: uint64(bias - 1)}, arith.Word{Lo: uint64(fw)}, w), w))
	r = b.Ite(special, b.FBin(expr.OpFAdd, s.RM, a, a), b.FromBits(mant, k))
	out = b.Ite(special, b.U64(0, 32), ex)
	// x + x is invalid for a signalling NaN (an x87-invalid encoding).
	fl[0] = b.And(special, e.snanOf(k, v[0]))
	return r, out, b.True, fl
}

// libmModf is modf as glibc's code computes it on the bits: |x| < 1 gives
// *iptr = ±0 and x; an exponent with no fraction bits left gives
// *iptr = x*1 and ±0 (x*1 for a NaN); otherwise the fraction bits below
// the binary point are masked off for *iptr and the result is
// x - *iptr (exact), or ±0 when no masked bit was set. For x86_fp80 the
// mask leaves the integer bit alone (0x7fff…f >> e), as ldbl-96 does.
func libmModf(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr) (r, out, store *expr.Expr, fl flagConds) {
	b := e.B
	a := x[0]
	fw, ew, bias := fpLayout(k)
	w := k.Bits()
	bits, sign, exp, mant := e.fpFields(k, a)
	zero := b.FromBits(b.Bin(expr.OpShl, b.ZExt(sign, w), b.U64(uint64(w-1), w)), k)
	small := b.ICmp(arith.IULT, exp, b.U64(uint64(bias), ew))
	noFrac := b.Not(b.ICmp(arith.IULT, exp, b.U64(uint64(bias+fw), ew)))
	j0 := b.Bin(expr.OpSub, b.ZExt(exp, 64), b.U64(uint64(bias), 64))
	var mask *expr.Expr
	if k == arith.F80 {
		mask = b.ZExt(b.Bin(expr.OpLShr, b.U64(1<<63-1, 64), j0), w)
	} else {
		mask = b.Bin(expr.OpLShr, b.Const(arith.Mask(fw), w), b.Extract(j0, 0, w))
	}
	integral := b.Eq(b.Bin(expr.OpAnd, bits, mask), b.U64(0, w))
	ipT := b.FromBits(b.Bin(expr.OpAnd, bits, b.Not(mask)), k)
	xOne := b.FBin(expr.OpFMul, s.RM, a, b.FConst(k, pow2(k, 0)))
	nan := e.fpNaNBits(k, exp, mant)
	ip := b.Ite(small, zero, b.Ite(noFrac, xOne, b.Ite(integral, a, ipT)))
	fr := b.Ite(small, a, b.Ite(noFrac, b.Ite(nan, xOne, zero), b.Ite(integral, zero, b.FBin(expr.OpFSub, s.RM, a, ipT))))
	// x*1 and x - *iptr are invalid for a signalling NaN (an x87-invalid
	// encoding); |x| < 1 and integral values do no arithmetic.
	fl[0] = b.And(e.snanOf(k, v[0]), b.And(b.Not(small), b.Or(noFrac, b.Not(integral))))
	return fr, ip, b.True, fl
}

// remquoBad is the condition under which glibc's remquo returns
// (x*y)/(x*y) without writing *quo: y is zero, x is not finite or y is a
// NaN, tested on the bits.
func (e *Executor) remquoBad(k arith.Kind, a, y *expr.Expr) *expr.Expr {
	b := e.B
	_, ew, _ := fpLayout(k)
	_, _, ex, _ := e.fpFields(k, a)
	_, _, ey, my := e.fpFields(k, y)
	yZero := b.And(b.Eq(ey, b.U64(0, ew)), b.Eq(my, b.U64(0, my.Width())))
	return b.Or(yZero, b.Or(b.Eq(ex, b.Const(arith.Mask(ew), ew)), e.fpNaNBits(k, ey, my)))
}

// libmRemquo is remquo: the IEEE remainder of x and y and, in *quo, the
// quotient rounded to nearest (ties to even) reduced as glibc reduces it:
// x is first taken modulo 8|y| (fmod, exact), and the rest of the quotient
// counted by exact subtractions of 4|y|, 2|y|, |y| and a final rounding
// step, so the value lies in 0…8 (8, not 0, when the reduced quotient
// rounds up to 8), negated when x and y differ in sign.
func libmRemquo(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr) (r, out, store *expr.Expr, fl flagConds) {
	b := e.B
	a, y := x[0], x[1]
	fb := flagBuilder{b: b, k: k}
	_, sx, ex, mx := e.fpFields(k, a)
	_, sy, ey, my := e.fpFields(k, y)
	bad := e.remquoBad(k, a, y)
	xy := b.FBin(expr.OpFMul, s.RM, a, y)
	nan := b.FBin(expr.OpFDiv, s.RM, xy, xy)
	// Scaling by a power of two is exact (an overflow gives +INF, which
	// compares as the real value would).
	mul := func(v *expr.Expr, n int) *expr.Expr {
		return b.FBin(expr.OpFMul, arith.NearestEven, v, b.FConst(k, pow2(k, n)))
	}
	ax, ay := b.FAbs(a), b.FAbs(y)
	x1 := b.FBin(expr.OpFRem, arith.NearestEven, ax, mul(ay, 3))
	q4 := fb.le(mul(ay, 2), x1)
	x2 := b.Ite(q4, b.FBin(expr.OpFSub, arith.NearestEven, x1, mul(ay, 2)), x1)
	q2 := fb.le(mul(ay, 1), x2)
	x3 := b.Ite(q2, b.FBin(expr.OpFSub, arith.NearestEven, x2, mul(ay, 1)), x2)
	q1 := fb.le(ay, x3)
	x4 := b.Ite(q1, b.FBin(expr.OpFSub, arith.NearestEven, x3, ay), x3)
	tw := mul(x4, 1)
	up := b.Or(fb.lt(ay, tw), b.And(fb.eq(tw, ay), q1))
	// The remainder from the same reduction (one fmod for the solver, not
	// an fmod and a remainder): x4 or x4 - |y| (exact), with x's sign; a
	// zero remainder is +0 before the sign is applied, as in glibc.
	ra := b.Ite(up, b.FBin(expr.OpFSub, arith.NearestEven, x4, ay), x4)
	rem := b.Ite(b.Eq(sx, b.U64(1, 1)), b.FNeg(ra), ra)
	bit := func(c *expr.Expr, v uint64) *expr.Expr { return b.Ite(c, b.U64(v, 32), b.U64(0, 32)) }
	n := b.Bin(expr.OpAdd, b.Bin(expr.OpAdd, bit(q4, 4), bit(q2, 2)), b.Bin(expr.OpAdd, bit(q1, 1), bit(up, 1)))
	// glibc tests |x| == |y| on the bits first (*quo = ±1), which differs
	// from the count only for x87 encodings the compares reject.
	ident := b.And(b.Eq(ex, ey), b.Eq(mx, my))
	n = b.Ite(ident, b.U64(1, 32), n)
	quo := b.Ite(b.Eq(sx, sy), n, b.Bin(expr.OpSub, b.U64(0, 32), n))
	// (x*y)/(x*y) is invalid unless a quiet NaN operand makes it a NaN
	// quietly; a signalling NaN (an x87-invalid encoding) is invalid
	// wherever glibc computes with it.
	fbk := flagBuilder{b: b, k: k}
	sn := b.Or(e.snanOf(k, v[0]), e.snanOf(k, v[1]))
	fl[0] = b.Or(sn, b.And(bad, b.Not(b.Or(fbk.isNaN(a), fbk.isNaN(y)))))
	return b.Ite(bad, nan, rem), quo, b.Not(bad), fl
}

// remquoConcrete is remquo on concrete arguments: glibc's result, with
// *quo written only when glibc writes it (hostc tells).
func remquoConcrete(v hostc.Variant) BuiltinFn {
	k := v.Kind
	return func(e *Executor, s *State, c *Call) (Value, *Termination) {
		for i := 0; i < 2; i++ {
			if _, t := e.libmFloatArg(s, c, i, k); t != nil {
				return Value{}, t
			}
		}
		r := hostc.Call2(v.Fn, k, s.RM, c.Word(0), c.Word(1))
		if r.I != hostc.QuoUnwritten {
			if f := s.Mem.Store(c.U64(2), 4, arith.Word{Lo: uint64(uint32(int32(r.I)))}); f != nil {
				return e.fault(s, c, f)
			}
		}
		return e.libmResult(s, c, r)
	}
}
