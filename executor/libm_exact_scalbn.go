package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// scalbn, scalbln and ldexp with a symbolic exponent n: x * 2^n with one
// rounding in the current mode, as glibc computes it. 2^n is not a
// constant here, so the product is built from multiplications by powers of
// two whose exponents are expressions: n is first clamped to ±L (L = emax -
// emin + p + 2: beyond it every result saturates to the same overflow or
// underflow value); for n >= 0, three factors of at most 2^emax (scaling
// up is exact until it overflows, and an overflowed value stays the same
// overflow value in every mode); for n < 0, an exact scaling that brings x
// to the exponent emin (or to x*2^n when that is still normal), then one
// rounding multiplication by 2^c, c >= -(p+2). scalbnSymFlags derives the
// flags from the same pieces, so that tracking them (fenv.h, --check-fp)
// keeps the model symbolic. TestScalbnSymbolic compares values and flags
// with glibc over exponents up to ±2^31 (±2^63 for scalbln).

// pow2Expr is 2^m for a 64-bit m in [emin, emax].
func (e *Executor) pow2Expr(k arith.Kind, m *expr.Expr) *expr.Expr {
	b := e.B
	fw, ew, bias := fpLayout(k)
	ef := b.Extract(b.Bin(expr.OpAdd, m, b.U64(uint64(bias), 64)), 0, ew)
	if k == arith.F80 {
		return b.FromBits(b.Concat(b.ZExt(ef, 16), b.U64(1<<63, 64)), k)
	}
	w := k.Bits()
	return b.FromBits(b.Bin(expr.OpShl, b.ZExt(ef, w), b.U64(uint64(fw), w)), k)
}

// scalbnSym is x * 2^n for a symbolic integer n (32 or 64 bits).
func (e *Executor) scalbnSym(s *State, k arith.Kind, x, n *expr.Expr, long bool) *expr.Expr {
	return e.scalbnParts(s, k, x, n, long).r
}

// scalbnTerms are the pieces of scalbnSym the flag conditions need.
type scalbnTerms struct {
	r     *expr.Expr // the result
	nc    *expr.Expr // n clamped to ±L (64 bits)
	ex    *expr.Expr // x's unbiased exponent, a subnormal's normalised
	exact *expr.Expr // n < 0: x scaled exactly to 2^emin or to x*2^n
	dc    *expr.Expr // n < 0: the exponent of the one rounding factor, in [-(p+2), 0]
	down  *expr.Expr // n < 0: exact * 2^dc, rounded
	keep  *expr.Expr // scalblnl returns x untouched (nil otherwise)
}

func (e *Executor) scalbnParts(s *State, k arith.Kind, x, n *expr.Expr, long bool) scalbnTerms {
	b := e.B
	emin, emax := kindParams(k)
	p := k.Precision()
	L := int64(emax - emin + p + 2)
	c64 := func(v int64) *expr.Expr { return b.U64(uint64(v), 64) }
	lt := func(x, y *expr.Expr) *expr.Expr { return b.ICmp(arith.ISLT, x, y) }
	minE := func(x, y *expr.Expr) *expr.Expr { return b.Ite(lt(x, y), x, y) }
	maxE := func(x, y *expr.Expr) *expr.Expr { return b.Ite(lt(x, y), y, x) }
	sub := func(x, y *expr.Expr) *expr.Expr { return b.Bin(expr.OpSub, x, y) }
	mul := func(v, m *expr.Expr) *expr.Expr { return b.FBin(expr.OpFMul, s.RM, v, e.pow2Expr(k, m)) }
	if n.Width() < 64 {
		n = b.SExt(n, 64)
	}
	nc := maxE(minE(n, c64(L)), c64(-L))
	// n >= 0
	a := minE(nc, c64(int64(emax)))
	r1 := sub(nc, a)
	a2 := minE(r1, c64(int64(emax)))
	up := mul(mul(mul(x, a), a2), sub(r1, a2))
	// n < 0: ex is x's unbiased exponent (a subnormal normalised exactly).
	fw, ew, bias := fpLayout(k)
	expOf := func(v *expr.Expr) *expr.Expr { return b.ZExt(b.Extract(e.fpBits(v), fw, ew), 64) }
	isSub := b.Eq(b.Extract(e.fpBits(x), fw, ew), b.U64(0, ew))
	scaled := b.FBin(expr.OpFMul, arith.NearestEven, x, b.FConst(k, pow2(k, p)))
	ex := b.Ite(isSub, sub(expOf(scaled), c64(int64(bias+p))), sub(expOf(x), c64(int64(bias))))
	da := maxE(nc, sub(c64(int64(emin)), ex))
	// 2^da in three normal factors (da lies in [emin - emax, p]); every
	// intermediate value lies between |x| and 2^emin, so it is exact.
	h1 := maxE(da, c64(int64(emin)))
	rest := sub(da, h1)
	h2 := maxE(rest, c64(int64(emin)))
	exact := mul(mul(mul(x, h1), h2), sub(rest, h2))
	dc := maxE(sub(nc, da), c64(int64(-(p + 2))))
	down := mul(exact, dc)
	r := b.Ite(lt(nc, c64(0)), down, up)
	fb := flagBuilder{b: b, k: k}
	// zeros, infinities and NaNs: x + x, as glibc returns them.
	r = b.Ite(b.Not(f3And(b, fb.finite(x), b.Not(fb.isZero(x)), b.True)), b.FBin(expr.OpFAdd, s.RM, x, x), r)
	t := scalbnTerms{nc: nc, ex: ex, exact: exact, dc: dc, down: down}
	if k == arith.F80 && long {
		bits := e.fpBits(x)
		t.keep = b.And(b.Eq(b.Extract(bits, 64, 15), b.U64(0, 15)), b.Eq(b.Extract(bits, 0, 63), b.U64(0, 63)))
		r = b.Ite(t.keep, x, r)
	}
	t.r = r
	return t
}

// scalbnSymFlags are the flags of x * 2^n (n symbolic, 64 bits or less)
// as glibc raises them: invalid for a signalling NaN (sx); for a finite
// nonzero x, overflow and inexact when x*2^n is beyond the largest finite
// number, i.e. when ex + n > emax (scaling a p-bit significand rounds
// nothing while the result is normal, so the exponent decides alone, in
// every mode: round toward zero gives the largest finite value but still
// raises both); for n < 0, inexact when the one rounding multiplication
// by 2^dc loses bits (scaling the rounded value back by 2^-dc, exact, does
// not give the exact operand back), and underflow with it: the operand of
// that multiplication has p significant bits and lies below 2^emin after
// scaling, so it is tiny before and after rounding alike. Zeros,
// infinities and NaNs (x + x) raise nothing but invalid.
func (e *Executor) scalbnSymFlags(s *State, k arith.Kind, x, n, sx *expr.Expr, long bool) (flagConds, *expr.Expr) {
	b := e.B
	t := e.scalbnParts(s, k, x, n, long)
	fb := flagBuilder{b: b, k: k}
	_, emax := kindParams(k)
	live := f3And(b, fb.finite(x), b.Not(fb.isZero(x)), b.Not(sx))
	if t.keep != nil {
		live = b.And(live, b.Not(t.keep))
		sx = b.And(sx, b.Not(t.keep))
	}
	ovf := b.And(live, b.ICmp(arith.ISLT, b.U64(uint64(int64(emax)), 64), b.Bin(expr.OpAdd, t.ex, t.nc)))
	back := b.FBin(expr.OpFMul, arith.NearestEven, t.down, e.pow2Expr(k, b.Bin(expr.OpSub, b.U64(0, 64), t.dc)))
	unf := f3And(b, live, b.ICmp(arith.ISLT, t.nc, b.U64(0, 64)), b.Not(fb.eq(back, t.exact)))
	var c flagConds
	c[0], c[2], c[3], c[4] = sx, ovf, unf, b.Or(ovf, unf)
	return c, t.r
}
