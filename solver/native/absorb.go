package native

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Exact rules of the affine forms for the three things the error bound
// of one rounding cannot see (a loop stepping f = f ⊕ 1 beyond the
// precision: x ⊕ 1 ⊕ 1 … stays x, which the error bound turns into
// x + k ± k·ulp/2, undecided against x ⊕ 8):
//
//   - absorption: v ⊕ c with c a constant below half the spacing of
//     v's binade rounds back to v (round to nearest), so the form is
//     v's own, exactly; at exactly half the spacing it does when v is
//     a multiple of twice the spacing (the tie goes to the even float);
//   - ties: a ⊕ b where b is a point that is an odd multiple of q, a a
//     multiple of 2q, and the exact sum lies in the binade of spacing
//     2q, is an exact tie, so the result is even: a multiple of 4q. This
//     is what makes the absorption at half the spacing go on after the
//     first step;
//   - points: an operation whose operands are single values (a case
//     split down to one float) is evaluated exactly by package arith.

// pointVal is node j's value when the domain or the form pins it to one.
func (c *affCtx) pointVal(j int) (*big.Rat, bool) {
	lo, hi, ok := c.rangeOf(j)
	if !ok {
		return nil, false
	}
	if lo.Cmp(hi) == 0 {
		return lo, true
	}
	if f := c.form(j); f != nil {
		if fl, fh, ok := c.affRange(f); ok && fl.Cmp(fh) == 0 {
			return fl, true
		}
	}
	return nil, false
}

// ratWord is the float of kind k equal to v (v is a value of a node of
// kind k, so the conversion through float64 is exact); false when not.
func ratWord(k arith.Kind, v *big.Rat) (arith.Word, bool) {
	f, exact := v.Float64()
	if !exact {
		return arith.Word{}, false
	}
	if k == arith.F32 {
		if float64(float32(f)) != f {
			return arith.Word{}, false
		}
		return arith.FromFloat32(float32(f)), true
	}
	return arith.FromFloat64(f), true
}

// pointForm evaluates node i (⊕ ⊖ ⊗ ⊘) when both operands are points:
// the result is a constant form, exact. nil when not applicable or the
// result is not finite.
func (c *affCtx) pointForm(i int) *affForm {
	n := c.n
	e := n.nodes[i]
	k := e.Sort.FK
	va, ok := c.pointVal(n.kid(i, 0))
	if !ok {
		return nil
	}
	vb, ok := c.pointVal(n.kid(i, 1))
	if !ok {
		return nil
	}
	wa, ok1 := ratWord(k, va)
	wb, ok2 := ratWord(k, vb)
	if !ok1 || !ok2 {
		return nil
	}
	var r arith.Word
	switch e.Op {
	case expr.OpFAdd:
		r = arith.FAdd(k, e.RM, wa, wb)
	case expr.OpFSub:
		r = arith.FSub(k, e.RM, wa, wb)
	case expr.OpFMul:
		r = arith.FMul(k, e.RM, wa, wb)
	case expr.OpFDiv:
		r = arith.FDiv(k, e.RM, wa, wb)
	default:
		return nil
	}
	f := toFloat(k, r)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil
	}
	return &affForm{c: map[int]*big.Rat{}, c0: new(big.Rat).SetFloat64(f), e: new(big.Rat)}
}

// narrowRange is node j's range, tightened by its form when it has one.
func (c *affCtx) narrowRange(j int) (lo, hi *big.Rat, ok bool) {
	lo, hi, ok = c.rangeOf(j)
	if !ok {
		return nil, nil, false
	}
	if f := c.form(j); f != nil {
		if fl, fh, ok := c.affRange(f); ok {
			if fl.Cmp(lo) > 0 {
				lo = fl
			}
			if fh.Cmp(hi) < 0 {
				hi = fh
			}
		}
	}
	return lo, hi, true
}

// binadeSpacing is the spacing of floats of kind k in the binade of
// magnitude m (at least the subnormal spacing), for m a lower bound of
// a magnitude: the result is a lower bound of the spacing around it.
func binadeSpacing(k arith.Kind, m *big.Rat) *big.Rat {
	p, emin := k.Precision(), k.MinExp()
	mf, _ := m.Float64()
	if new(big.Rat).SetFloat64(mf).Cmp(m) > 0 {
		mf = math.Nextafter(mf, 0)
	}
	be := emin
	if mf > 0 {
		_, x := math.Frexp(mf)
		if x-1 > be {
			be = x - 1
		}
	}
	return pow2Rat(be - p + 1)
}

// absorbForm: node i = v ⊕ c (or v ⊖ c) in round to nearest, c a
// nonzero constant, v's range of one sign. With u the spacing of the
// binade of v's least magnitude, the floats next to any v in the range
// are at least u away on the far side from zero and at least u/2 on the
// near side (u/2 only below a power of two). So v + c rounds to v when
// |c| < u/2 away from zero, or |c| = u/2 away from zero and v is a
// multiple of 2u (a tie; v even in its binade, or in a higher binade
// where u/2 is below half its spacing), or |c| < u/4 toward zero. The
// form is then v's, with no error, and v's quantum carries over.
func (c *affCtx) absorbForm(i int) *affForm {
	n := c.n
	e := n.nodes[i]
	if e.RM != arith.NearestEven {
		return nil
	}
	x, y := n.kid(i, 0), n.kid(i, 1)
	neg := e.Op == expr.OpFSub
	switch {
	case n.nodes[y].Op == expr.OpConst:
	case e.Op == expr.OpFAdd && n.nodes[x].Op == expr.OpConst:
		x, y = y, x
	default:
		return nil
	}
	cv, _, ok := c.rangeOf(y)
	if !ok || cv.Sign() == 0 {
		return nil
	}
	if neg {
		cv = new(big.Rat).Neg(cv)
	}
	fv := c.form(x)
	if fv == nil {
		return nil
	}
	lo, hi, ok := c.narrowRange(x)
	if !ok || (lo.Sign() <= 0 && hi.Sign() >= 0) {
		return nil
	}
	pos := lo.Sign() > 0
	least := lo
	if !pos {
		least = new(big.Rat).Neg(hi)
	}
	u := binadeSpacing(e.Sort.FK, least)
	ac := new(big.Rat).Abs(cv)
	absorbed := false
	if (cv.Sign() > 0) == pos {
		half := new(big.Rat).Mul(u, big.NewRat(1, 2))
		switch ac.Cmp(half) {
		case -1:
			absorbed = true
		case 0:
			q := c.quantum(e.Sort.FK, x)
			absorbed = q != nil && q.Cmp(new(big.Rat).Mul(u, big.NewRat(2, 1))) >= 0
		}
	} else {
		absorbed = ac.Cmp(new(big.Rat).Mul(u, big.NewRat(1, 4))) < 0
	}
	if !absorbed {
		return nil
	}
	if q := c.quantum(e.Sort.FK, x); q != nil {
		c.setQuant(i, q)
	}
	return affScale(fv, big.NewRat(1, 1))
}

// tieQuantum records the quantum of node i = a ⊕ b (⊖) in round to
// nearest when the sum is an exact tie: one operand a point that is an
// odd multiple of q (its lowest set bit), the other a multiple of a
// larger power of two, and the exact sum's magnitude within
// [2^p·q, 2^(p+1)·q], where the floats are the multiples of 2q. The sum,
// an odd multiple of q, is halfway between two of them and rounds to
// the even one: a multiple of 4q. sum is the exact sum's form.
func (c *affCtx) tieQuantum(i int, sum *affForm) {
	n := c.n
	e := n.nodes[i]
	if e.RM != arith.NearestEven {
		return
	}
	k := e.Sort.FK
	x, y := n.kid(i, 0), n.kid(i, 1)
	qx, qy := c.quantum(k, x), c.quantum(k, y)
	if qx == nil || qy == nil || qx.Cmp(qy) == 0 {
		return
	}
	small, q := x, qx
	if qy.Cmp(qx) < 0 {
		small, q = y, qy
	}
	if _, ok := c.pointVal(small); !ok {
		return // only a point's quantum is its exact lowest bit
	}
	p, emin := k.Precision(), k.MinExp()
	bottom := new(big.Rat).Mul(q, pow2Rat(p))
	if bottom.Cmp(pow2Rat(emin)) < 0 {
		return
	}
	lo, hi, ok := c.affRange(sum)
	if !ok || (lo.Sign() <= 0 && hi.Sign() >= 0) {
		return
	}
	ml, mh := new(big.Rat).Abs(lo), new(big.Rat).Abs(hi)
	if ml.Cmp(mh) > 0 {
		ml, mh = mh, ml
	}
	top := new(big.Rat).Mul(bottom, big.NewRat(2, 1))
	if ml.Cmp(bottom) < 0 || mh.Cmp(top) > 0 {
		return
	}
	c.setQuant(i, new(big.Rat).Mul(q, big.NewRat(4, 1)))
}

// setQuant records a structural quantum of node i (a power of two its
// value is a multiple of, beyond what its range shows).
func (c *affCtx) setQuant(i int, q *big.Rat) {
	if c.quant == nil {
		c.quant = map[int]*big.Rat{}
	}
	c.quant[i] = q
}
