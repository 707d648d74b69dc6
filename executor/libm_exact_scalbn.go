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
// rounding multiplication by 2^c, c >= -(p+2). TestScalbnSymbolic
// compares it with glibc over exponents up to ±2^31.

// kindPrecision is the significand precision in bits.
func kindPrecision(k arith.Kind) int {
	switch k {
	case arith.F32:
		return 24
	case arith.F64:
		return 53
	}
	return 64
}

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
	b := e.B
	emin, emax := kindParams(k)
	p := kindPrecision(k)
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
	if k == arith.F80 && long {
		bits := e.fpBits(x)
		keep := b.And(b.Eq(b.Extract(bits, 64, 15), b.U64(0, 15)), b.Eq(b.Extract(bits, 0, 63), b.U64(0, 63)))
		r = b.Ite(keep, x, r)
	}
	return r
}
