package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The long double (x86_fp80) forms of the exact libm models, and
// nexttoward, transcribed from glibc 2.36's x86_64 code on the bits: the
// explicit integer bit makes the neighbour of a value, its exponent and
// its rounding depend on the encoding (unnormals, pseudo-denormals,
// pseudo-infinities), and the models take the same paths glibc takes for
// each. TestExactLibm compares them with glibc.

// f80Const is an 80-bit constant.
func f80Const(b *expr.Builder, hi, lo uint64) *expr.Expr {
	return b.Const(arith.Word{Lo: lo, Hi: hi}, 80)
}

// libmNextafterl is glibc's nextafterl (sysdeps/i386/fpu/s_nextafterl.c,
// which x86_64 uses): x + y for a NaN (tested on the bits, ignoring the
// integer bit), y when x == y (an x87 compare), ±the smallest subnormal
// (y's sign) from +0 or -0 (the bits all zero), else the neighbour on the
// bits: decrementing the significand borrows from the exponent, setting
// the integer bit again for a normal result, incrementing carries into
// the exponent when the significand wraps or a subnormal becomes normal.
// The direction compares (sign-exponent, significand) lexicographically,
// the sign-exponent as a signed number. errno = ERANGE when the result's
// exponent is all ones or zero.
func libmNextafterl(e *Executor, s *State, x []*expr.Expr) (*expr.Expr, bool) {
	b := e.B
	k := arith.F80
	a, c := x[0], x[1]
	bx, sx, ex, mx := e.fpFields(k, a)
	by, sy, ey, my := e.fpFields(k, c)
	nan := b.Or(e.fpNaNBits(k, ex, mx), e.fpNaNBits(k, ey, my))
	zero := b.And(b.Eq(ex, b.U64(0, 15)), b.Eq(mx, b.U64(0, 64)))
	tiny := b.FromBits(b.Concat(b.Concat(sy, b.U64(0, 15)), b.U64(1, 64)), k)
	gt := b.ICmp(arith.ISGT, bx, by)
	one := b.U64(1, 1)
	down := b.Ite(b.Eq(sx, one), b.Or(b.Eq(sy, b.U64(0, 1)), gt), gt)
	step, newE := f80Step(b, ex, mx, down)
	r := b.Ite(zero, tiny, b.FromBits(b.Concat(b.Concat(sx, newE), step), k))
	eq := b.FCmp(arith.OEQ, a, c)
	r = b.Ite(eq, c, r)
	r = b.Ite(nan, f2NaN(b, a, c), r)
	rangeErr := b.Or(b.Eq(newE, b.U64(0x7fff, 15)), b.Eq(newE, b.U64(0, 15)))
	cond := f3And(b, b.Not(nan), b.Not(eq), b.And(b.Not(zero), rangeErr))
	return r, e.errnoIf(s, cond, errnoERANGE)
}

// f80Step is the neighbour of an x86_fp80 magnitude (exponent ex,
// significand mx) one unit down or up, as s_nextafterl.c computes it.
func f80Step(b *expr.Builder, ex, mx, down *expr.Expr) (mant, exp *expr.Expr) {
	intBit := b.U64(1<<63, 64)
	zeroE := b.U64(0, 15)
	m1 := b.Bin(expr.OpSub, mx, b.U64(1, 64))
	borrow := f3And(b, b.Eq(b.Extract(mx, 0, 32), b.U64(0, 32)),
		b.ICmp(arith.IULE, b.Extract(mx, 32, 32), b.U64(0x80000000, 32)), b.Not(b.Eq(ex, zeroE)))
	exDown := b.Bin(expr.OpSub, ex, b.U64(1, 15))
	mBorrow := b.Bin(expr.OpOr, m1, b.Ite(b.Eq(exDown, zeroE), b.U64(0, 64), intBit))
	p1 := b.Bin(expr.OpAdd, mx, b.U64(1, 64))
	carry := b.Or(b.Eq(p1, b.U64(0, 64)), b.And(b.Eq(ex, zeroE), b.Eq(p1, intBit)))
	exUp := b.Ite(carry, b.Bin(expr.OpAdd, ex, b.U64(1, 15)), ex)
	mUp := b.Ite(carry, b.Bin(expr.OpOr, p1, intBit), p1)
	exp = b.Ite(down, b.Ite(borrow, exDown, ex), exUp)
	mant = b.Ite(down, b.Ite(borrow, mBorrow, m1), mUp)
	return mant, exp
}

// libmNexttoward is nexttoward(f) (ldbl-96 s_nexttoward.c and
// s_nexttowardf.c): nextafter with y a long double: the NaN test on y's
// bits, x == y and the direction compared in long double (an x87 compare:
// an unnormal y compares unordered, and a positive x then steps up), y
// converted back (exactly) when equal. nexttowardl is nextafterl.
func libmNexttoward(e *Executor, s *State, k arith.Kind, v []Value, x []*expr.Expr, _ int64) (*expr.Expr, bool) {
	if k == arith.F80 {
		return libmNextafterl(e, s, x)
	}
	b := e.B
	fb := flagBuilder{b: b, k: k}
	f80 := flagBuilder{b: b, k: arith.F80}
	a, c := x[0], x[1]
	xl := b.FPConv(arith.NearestEven, a, arith.F80)
	_, sy, ey, my := e.fpFields(arith.F80, c)
	nan := b.Or(fb.isNaN(a), e.fpNaNBits(arith.F80, ey, my))
	w := k.Bits()
	bits := e.fpBits(a)
	one := b.U64(1, w)
	up := b.Bin(expr.OpAdd, bits, one)
	dn := b.Bin(expr.OpSub, bits, one)
	down := b.Ite(fb.isNeg(a), f80.lt(xl, c), f80.lt(c, xl))
	stepBits := b.Ite(down, dn, up)
	tiny := b.FromBits(b.Bin(expr.OpOr, b.Bin(expr.OpShl, b.ZExt(sy, w), b.U64(uint64(w-1), w)), one), k)
	zero := fb.isZero(a)
	eq := f80.eq(xl, c)
	r := b.Ite(zero, tiny, b.FromBits(stepBits, k))
	r = b.Ite(eq, b.FPConv(s.RM, c, k), r)
	r = b.Ite(nan, b.FPConv(s.RM, b.FBin(expr.OpFAdd, s.RM, xl, c), k), r)
	fw, ew, _ := fpLayout(k)
	stepExp := b.Extract(stepBits, fw, ew)
	rangeErr := b.Or(b.Eq(stepExp, b.Const(arith.Mask(ew), ew)), b.Eq(stepExp, b.U64(0, ew)))
	cond := f3And(b, b.Not(nan), b.Not(eq), b.And(b.Not(zero), rangeErr))
	return r, e.errnoIf(s, cond, errnoERANGE)
}

// libmLogbl is x86_64's ilogbl and logbl (fxtract, after an fxam test for
// infinities in ilogbl): the unbiased exponent of the value, denormals
// and pseudo-denormals normalised (an exact scaling by 2^64); a zero gives
// -INF (fxtract divides by zero), which ilogbl's fistp turns into INT_MIN
// as it does a NaN; encodings the x87 rejects (unnormals, pseudo-NaNs,
// pseudo-infinities) are NaNs. ilogbl returns INT_MAX for ±INF and the
// wrapper sets errno = EDOM for INT_MIN and INT_MAX.
func libmLogbl(e *Executor, s *State, a *expr.Expr, ilogb bool) (*expr.Expr, bool) {
	b := e.B
	k := arith.F80
	_, _, ex, mx := e.fpFields(k, a)
	zeroE := b.U64(0, 15)
	intBit := b.Eq(b.Extract(mx, 63, 1), b.U64(1, 1))
	maxE := b.Eq(ex, b.U64(0x7fff, 15))
	inf := b.And(maxE, b.Eq(mx, b.U64(1<<63, 64)))
	nan := b.Or(b.And(maxE, b.Not(inf)), b.And(b.Not(b.Eq(ex, zeroE)), b.Not(intBit)))
	zero := b.And(b.Eq(ex, zeroE), b.Eq(mx, b.U64(0, 64)))
	sub := b.Eq(ex, zeroE)
	_, _, nex, _ := e.fpFields(k, b.FBin(expr.OpFMul, arith.NearestEven, a, b.FConst(k, pow2(k, 64))))
	biased := b.Ite(sub, b.Bin(expr.OpSub, b.ZExt(nex, 32), b.U64(64, 32)), b.ZExt(ex, 32))
	ex32 := b.Bin(expr.OpSub, biased, b.U64(16383, 32))
	if ilogb {
		intMin, intMax := b.U64(0x80000000, 32), b.U64(0x7fffffff, 32)
		r := b.Ite(inf, intMax, b.Ite(b.Or(nan, zero), intMin, ex32))
		return r, e.errnoIf(s, b.Or(inf, b.Or(nan, zero)), errnoEDOM)
	}
	posInf := b.FConst(k, arith.Word{Lo: 1 << 63, Hi: 0x7fff})
	r := b.Ite(zero, b.FNeg(posInf), b.Ite(inf, posInf, b.Ite(nan, b.FBin(expr.OpFMul, s.RM, a, a), b.IntToFP(true, s.RM, ex32, k))))
	return r, true
}

// libmLroundl is ldbl-96's lroundl/llroundl on the bits: |x| < 1/2 (an
// exponent below -1) gives 0, an exponent of -1 gives ±1 whatever the
// significand, exponents 0…62 add half a unit at the binary point to the
// 64-bit significand (in 65 bits) and shift, larger ones convert with
// (long) x (the x87's integer indefinite when out of range or invalid).
func libmLroundl(e *Executor, a *expr.Expr) (*expr.Expr, bool) {
	b := e.B
	k := arith.F80
	_, sign, ex, mx := e.fpFields(k, a)
	const bias = 16383
	ult := func(x *expr.Expr, v uint64) *expr.Expr { return b.ICmp(arith.IULT, x, b.U64(v, 15)) }
	ex65 := b.ZExt(ex, 65)
	sh1 := b.Bin(expr.OpSub, b.U64(bias+62, 65), ex65)
	sh2 := b.Bin(expr.OpSub, b.U64(bias+63, 65), ex65)
	sum := b.Bin(expr.OpAdd, b.ZExt(mx, 65), b.Bin(expr.OpShl, b.U64(1, 65), sh1))
	mag := b.Extract(b.Bin(expr.OpLShr, sum, sh2), 0, 64)
	mag = b.Ite(b.Eq(ex, b.U64(bias-1, 15)), b.U64(1, 64), mag)
	neg := b.Eq(sign, b.U64(1, 1))
	signed := b.Ite(neg, b.Bin(expr.OpSub, b.U64(0, 64), mag), mag)
	r := b.Ite(ult(ex, bias-1), b.U64(0, 64), b.Ite(ult(ex, bias+63), signed, b.FPToInt(true, a, 64)))
	return r, true
}
