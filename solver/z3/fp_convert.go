package z3

import (
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	z3 "github.com/floatsym/floatsym/solver/z3/internal/capi"
)

// Conversions to integers (see arith.FPToSI and arith.FPToUI): the
// instruction sequences clang-14 emits for fptosi/fptoui, translated bit
// for bit.

// gtInt is x > n for an integer n, in the format of x.
func (t *translator) gtInt(k arith.Kind, x z3.Float, n *big.Int) z3.Bool {
	up := arith.SIToFP(128, k, arith.Upward, arith.FromBig(n, 128))
	down := arith.SIToFP(128, k, arith.Downward, arith.FromBig(n, 128))
	c := t.fpConst(k, up)
	if up == down { // n representable
		return x.GT(c)
	}
	return x.GE(c)
}

// cvtt is a truncating conversion to an n-bit signed integer with the
// x86 "integer indefinite" result (0x80..0) for NaN and out-of-range
// values: cvttss2si/cvttsd2si, and x87 fistp with truncation.
func (t *translator) cvtt(k arith.Kind, x z3.Float, n int) z3.BV {
	lo := new(big.Int).Lsh(big.NewInt(1), uint(n-1))
	lo.Neg(lo).Sub(lo, big.NewInt(1))
	hi := t.fpConst(k, arith.SIToFP(128, k, arith.NearestEven, arith.FromBig(new(big.Int).Lsh(big.NewInt(1), uint(n-1)), 128)))
	in := t.gtInt(k, x, lo).And(x.LT(hi))
	t.setRM(z3.RoundToZero)
	return ite(in, x.ToSBV(n), t.bvw(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(n - 1)}, 128), n))
}

// cvttuns64 is gcc's unsigned 64-bit truncation (libgcc):
// x >= 2^63 ? cvtt(x - 2^63) ^ 2^63 : cvtt(x).
func (t *translator) cvttuns64(k arith.Kind, x z3.Float) z3.BV {
	p63 := t.fpOf(k, 0x1p63)
	t.setRM(z3.RoundToNearestEven)
	sub := x.Sub(p63)
	return ite(x.GE(p63), t.cvtt(k, sub, 64).Xor(t.bvc(1<<63, 64)), t.cvtt(k, x, 64))
}

// fixunsti replays libgcc's __fixuns{d,x}fti on a double or x86_fp80
// (the float versions convert to double first).
func (t *translator) fixunsti(k arith.Kind, a z3.Float) z3.BV {
	t.setRM(z3.RoundToNearestEven)
	if k == arith.F64 {
		hi := t.cvttuns64(k, a.Mul(t.fpOf(k, 0x1p-64)))
		t.setRM(z3.RoundToNearestEven)
		r := a.Sub(hi.UToFloat(t.fpSort(k)).Mul(t.fpOf(k, 0x1p64)))
		return hi.Concat(t.cvttuns64(k, r))
	}
	// __fixunsxfti: if (a < 0) return 0; v = (UDItype)(a / 2^64) << 64;
	// a -= v; v += a < 0 ? -(UDItype)(-a) : (UDItype)a.
	hi := t.cvttuns64(k, a.Div(t.fpOf(k, 0x1p64)))
	v := hi.Concat(t.bvc(0, 64))
	t.setRM(z3.RoundToNearestEven)
	r := a.Sub(v.UToFloat(t.fpSort(k)))
	zero := t.fpOf(k, 0)
	lo := ite(r.LT(zero), t.cvttuns64(k, r.Neg()).ZeroExtend(64).Neg(), t.cvttuns64(k, r).ZeroExtend(64))
	return ite(a.LT(zero), t.bvc(0, 128), v.Add(lo))
}

// fixti is libgcc's signed version: a < 0 ? -fixuns(-a) : fixuns(a).
func (t *translator) fixti(k arith.Kind, a z3.Float) z3.BV {
	return ite(a.LT(t.fpOf(k, 0)), t.fixunsti(k, a.Neg()).Neg(), t.fixunsti(k, a))
}

func (t *translator) fpToInt(e *expr.Expr) z3.BV {
	x := e.Kid[0]
	fk := x.Sort.FK
	fx := t.f(x)
	w := e.Width()
	signed := e.Op == expr.OpFPToSI
	low := func(v z3.BV) z3.BV {
		if v.Sort().BVSize() == w {
			return v
		}
		return v.Extract(w-1, 0)
	}
	if fk != arith.F80 {
		wide := func() z3.Float {
			if fk == arith.F32 {
				t.setRM(z3.RoundToNearestEven)
				return fx.ToFloat(t.fpSort(arith.F64))
			}
			return fx
		}
		switch {
		case w > 64 && signed:
			return low(t.fixti(arith.F64, wide()))
		case w > 64:
			return low(t.fixunsti(arith.F64, wide()))
		case signed && w <= 32, !signed && w <= 31:
			return low(t.cvtt(fk, fx, 32))
		case w < 64 || signed:
			return low(t.cvtt(fk, fx, 64))
		}
		// fptoui i64: r = cvtt(x); r |= cvtt(x - 2^63) & (r >>arith 63),
		// the subtraction in the source precision.
		r := t.cvtt(fk, fx, 64)
		t.setRM(z3.RoundToNearestEven)
		xm := fx.Sub(t.fpOf(fk, 0x1p63))
		return ite(t.bit(r, 63), r.Or(t.cvtt(fk, xm, 64)), r)
	}
	switch {
	case w > 64 && signed:
		return low(t.fixti(fk, fx))
	case w > 64:
		return low(t.fixunsti(fk, fx))
	case signed && w <= 16, !signed && w <= 15:
		return low(t.cvtt(fk, fx, 16))
	case signed && w <= 32, !signed && w <= 31:
		return low(t.cvtt(fk, fx, 32))
	case w < 64 || signed:
		return low(t.cvtt(fk, fx, 64))
	}
	// clang's fptoui x86_fp80 -> i64: ge = !(x < 2^63) (true for NaN);
	// fistp(ge ? x - 2^63 : x) ^ (ge << 63).
	p63 := t.fpOf(fk, 0x1p63)
	ge := fx.LT(p63).Not()
	t.setRM(z3.RoundToNearestEven)
	v := ite(ge, fx.Sub(p63), fx)
	return t.cvtt(fk, v, 64).Xor(ite(ge, t.bvc(1<<63, 64), t.bvc(0, 64)))
}
