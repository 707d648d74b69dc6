package native

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// ULP-Max filtering (Marre–Michel, paper 003, Table I) for z = x ⊕ y and
// z = x ⊖ y in round-to-nearest: when 0 < z ≤ fmax, with ζ the value of
// [zl, zh] with the greatest last significant bit lsb(ζ), α = (2^p − 1) ·
// lsb(ζ) and β = α ⊕ ζ bound the operands: a sum of two floats that
// large cannot cancel down to z. For ⊗ and ⊘ the engine in mono.go gives
// the same bounds exactly (|x| ≤ |z|max ⊘ minsub for ⊗ — the
// subnormal-correct form of Table I — and |x| ≤ |z|max ⊗ fmax for ⊘),
// because it evaluates the operation at the other operand's extremes.

// toBig converts a finite value of kind k exactly.
func toBig(k arith.Kind, w arith.Word) *big.Float {
	f := new(big.Float).SetPrec(256)
	switch k {
	case arith.F32:
		return f.SetFloat64(float64(math.Float32frombits(uint32(w.Lo))))
	case arith.F64:
		return f.SetFloat64(math.Float64frombits(w.Lo))
	}
	e := int(w.Hi & 0x7fff)
	if e == 0 {
		e = 1
	}
	f.SetUint64(w.Lo)
	f.SetMantExp(f, e-16383-63)
	if w.Hi&0x8000 != 0 {
		f.Neg(f)
	}
	return f
}

// fromBig converts x to kind k if it is exactly representable.
func fromBig(k arith.Kind, x *big.Float) (arith.Word, bool) {
	switch k {
	case arith.F32:
		v, acc := x.Float32()
		if acc != big.Exact {
			return arith.Word{}, false
		}
		return arith.FromFloat32(v), true
	case arith.F64:
		v, acc := x.Float64()
		if acc != big.Exact {
			return arith.Word{}, false
		}
		return arith.FromFloat64(v), true
	}
	if x.Sign() == 0 {
		return arith.Word{}, false
	}
	mant := new(big.Float)
	exp := x.MantExp(mant) // x = mant · 2^exp, 0.5 ≤ |mant| < 1
	be := exp - 1 + 16383
	if be < 1 || be >= 0x7fff {
		return arith.Word{}, false
	}
	mant.Abs(mant)
	mant.SetMantExp(mant, 64)
	m, acc := mant.Uint64()
	if acc != big.Exact {
		return arith.Word{}, false
	}
	hi := uint64(be)
	if x.Sign() < 0 {
		hi |= 0x8000
	}
	return arith.Word{Lo: m, Hi: hi}, true
}

// maxLSB returns ζ in [zl, zh] (0 < zl ≤ zh finite) with the greatest
// lsb, and that lsb: the greatest t (within 20000 below zh's exponent)
// such that the least multiple of 2^t at or above zl is at most zh and
// representable. Some multiple of 2^t lying in the range is monotone in
// t (a multiple of 2^t is one of 2^(t−1)), so the greatest such t is
// found by bisection, and the scan for a representable one starts there
// (a linear scan from the top took most of a propagation's time on
// narrow ranges of large numbers).
func maxLSB(k arith.Kind, zl, zh arith.Word) (zeta, lsb *big.Float, ok bool) {
	lo, hi := toBig(k, zl), toBig(k, zh)
	e := hi.MantExp(nil) // 2^(e-1) ≤ zh < 2^e
	cand := func(t int) (*big.Float, *big.Float) {
		p := new(big.Float).SetPrec(256).SetMantExp(big.NewFloat(1), t)
		q := new(big.Float).SetPrec(256).Quo(lo, p)
		c, _ := q.Int(nil)
		cf := new(big.Float).SetPrec(256).SetInt(c)
		if cf.Cmp(q) < 0 {
			c.Add(c, big.NewInt(1))
			cf.SetInt(c)
		}
		return new(big.Float).SetPrec(256).Mul(cf, p), p
	}
	in := func(t int) bool {
		c, _ := cand(t)
		return c.Cmp(hi) <= 0
	}
	bottom := e - 20000 + 1 // the least t tried
	// zl itself is a multiple of its lsb, 2^(its exponent − the bits it
	// needs): no t below that need be tried (and the integers of the
	// bisection stay as narrow as the format).
	if lsb := lo.MantExp(nil) - int(lo.MinPrec()); lsb > bottom {
		bottom = lsb
	} else if !in(bottom) {
		return nil, nil, false
	}
	// in(lo) holds, in(hi+1) does not (or hi+1 = e+1, beyond the scan).
	l, h := bottom, e+1
	if in(e) {
		l = e
	}
	for h-l > 1 {
		m := l + (h-l)/2
		if in(m) {
			l = m
		} else {
			h = m
		}
	}
	for t := l; t >= bottom; t-- {
		c, p := cand(t)
		if c.Cmp(hi) <= 0 {
			if _, rep := fromBig(k, c); rep {
				return c, p, true
			}
		}
	}
	return nil, nil, false
}

// ulpBounds returns α and β for a positive finite z range, as keys.
func ulpBounds(k arith.Kind, zl, zh arith.Word) (alpha, beta arith.Word, ok bool) {
	zeta, lsb, ok := maxLSB(k, zl, zh)
	if !ok {
		return
	}
	a := new(big.Float).SetPrec(256).SetInt(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k.Precision())), big.NewInt(1)))
	a.Mul(a, lsb)
	aw, ok1 := fromBig(k, a)
	zw, ok2 := fromBig(k, zeta)
	if !ok1 || !ok2 {
		return arith.Word{}, arith.Word{}, false
	}
	bw := arith.FAdd(k, arith.NearestEven, aw, zw)
	ak, okA := keyOf(k, aw)
	bk, okB := keyOf(k, bw)
	if !okA || !okB || kLE(keyMaxFinite(k), bk) {
		return arith.Word{}, arith.Word{}, false
	}
	return ak, bk, true
}

// ulpMax narrows the operands of x ⊕ y or x ⊖ y (round-to-nearest).
func (n *network) ulpMax(i int) {
	e := n.nodes[i]
	k := e.Sort.FK
	z := n.dom[i]
	if z.NaN || !z.Num {
		return
	}
	var neg bool
	switch {
	case kLE(keyPosMinSub, z.Lo) && kLE(z.Hi, keyMaxFinite(k)):
	case kLE(keyMinFinite(k), z.Lo) && kLE(z.Hi, keyNegMinSub):
		neg = true
	default:
		return
	}
	zl, zh := valueOf(k, z.Lo), valueOf(k, z.Hi)
	if neg {
		zl, zh = arith.FNeg(k, zh), arith.FNeg(k, zl)
	}
	alpha, beta, ok := ulpBounds(k, zl, zh)
	if !ok {
		return
	}
	pos := fpRange(keyNeg(alpha), beta) // [−α, β]
	negr := fpRange(keyNeg(beta), alpha)
	x, y := pos, pos
	if neg {
		x, y = negr, negr
	}
	if e.Op == expr.OpFSub {
		y = negDom(x)
	}
	n.set(n.kid(i, 0), x, true)
	n.set(n.kid(i, 1), y, true)
}
