package native

import (
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Comparisons of a rounded sum against one of its own (representable)
// operands' neighbours, decided by relative error bounds and monotone
// rounding. lerp's a ⊕ t⊗(b ⊖ a) ≤ b over a, b ∈ [-1e30, 1e30] is out of
// reach of intervals (the two sides are independent ranges) and of the
// affine forms (their error terms come from the binade of the widest
// value, 1e30, and swamp a b − a that may be 2^-149). The human proof
// compares real expressions with bounded multiplicative factors:
//
//   - monotone rounding against a float: in every mode, fl(e) ≤ z when the
//     real e ≤ z and z is a float (and fl(e) ≥ z when e ≥ z). So a ⊕ p ≤ b
//     follows from p ≤ b − a over the reals, a ⊖ p ≥ c from p ≤ a − c,
//     and a ⊕ p ≥ a from p ≥ 0;
//   - relative error in round-to-nearest: an add or subtract of two floats
//     is fl(z) = z(1 + δ), |δ| ≤ u = 2^-p, and exact when |z| ≤ 2^(emin+1)
//     (z is a multiple of the smallest subnormal, and every such multiple
//     up to 2^(emin+1) is a float); a multiply or divide is z(1 + δ) when
//     |z| ≥ 2^emin and z + η, |η| ≤ minsub/2, below (and exact at 0). A
//     finite result (the node's domain) rules out overflow: in nearest a
//     finite fl(z) is within u|z| of z even just above the largest float.
//
// The goal p ≤ B with B = X − Y (two floats of one kind, Y ≤ X proven by a
// comparison or the domains) is checked per slice of B: B ∈ {0} ∪
// [minsub, ∞), cut at 2^(emin+1). On a slice every node of p gets a form
//
//	v ∈ r·B + e   (r, e rational intervals, B the one real of the slice)
//
// — the subtraction X ⊖ Y is r = 1 before rounding, a node that does not
// see B is r = 0 and e its domain, ⊗ and ⊘ by an r = 0 factor scale both
// intervals, ⊕ ⊖ add them, and each rounding widens them by its δ or η
// (the slice's range of the real result says which applies). Then p ≤ B
// holds on the slice when (r − 1)·B + e ≤ 0 over the slice's B, or when
// p's own range (the form's range, its domain, the sign monotone rounding
// keeps) is at most the slice's least B. Everything is exact rational
// arithmetic. The decision is a fact of the current domains (consequences
// of the query), so a comparison decided against the roots empties a
// domain: a sound UNSAT. Only round-to-nearest inner roundings get a
// form (directed modes saturate on overflow and double δ; they fall back
// to their domain, which is always sound); the outer rounding may be in
// any mode. float32 and float64 only (x87 pseudo-denormals left alone).

// rival is a rational interval [lo, hi].
type rival struct{ lo, hi *big.Rat }

func rpt(x *big.Rat) rival { return rival{x, x} }

func (a rival) add(b rival) rival {
	return rival{new(big.Rat).Add(a.lo, b.lo), new(big.Rat).Add(a.hi, b.hi)}
}

func (a rival) neg() rival {
	return rival{new(big.Rat).Neg(a.hi), new(big.Rat).Neg(a.lo)}
}

func (a rival) mul(b rival) rival {
	ps := [4]*big.Rat{
		new(big.Rat).Mul(a.lo, b.lo), new(big.Rat).Mul(a.lo, b.hi),
		new(big.Rat).Mul(a.hi, b.lo), new(big.Rat).Mul(a.hi, b.hi),
	}
	r := rival{ps[0], ps[0]}
	for _, p := range ps[1:] {
		if p.Cmp(r.lo) < 0 {
			r.lo = p
		}
		if p.Cmp(r.hi) > 0 {
			r.hi = p
		}
	}
	return r
}

// inv is 1/a; ok only when 0 ∉ a.
func (a rival) inv() (rival, bool) {
	if a.lo.Sign() <= 0 && a.hi.Sign() >= 0 {
		return rival{}, false
	}
	return rival{new(big.Rat).Inv(a.hi), new(big.Rat).Inv(a.lo)}, true
}

func (a rival) isZero() bool { return a.lo.Sign() == 0 && a.hi.Sign() == 0 }

// maxAbs is max |x| over a; minAbs is min |x| (0 when a holds 0).
func (a rival) maxAbs() *big.Rat {
	l, h := new(big.Rat).Abs(a.lo), new(big.Rat).Abs(a.hi)
	if l.Cmp(h) > 0 {
		return l
	}
	return h
}

func (a rival) minAbs() *big.Rat {
	switch {
	case a.lo.Sign() > 0:
		return a.lo
	case a.hi.Sign() < 0:
		return new(big.Rat).Neg(a.hi)
	}
	return new(big.Rat)
}

// meet is a ∩ b (callers only meet intervals that share a point).
func (a rival) meet(b rival) rival {
	r := a
	if b.lo.Cmp(r.lo) > 0 {
		r.lo = b.lo
	}
	if b.hi.Cmp(r.hi) < 0 {
		r.hi = b.hi
	}
	return r
}

// relForm is v ∈ r·B + e; abs is v's range on the slice.
type relForm struct {
	r, e, abs rival
}

// relKind gives the precision p and emin of the kinds the forms handle.
func relKind(s expr.Sort) (p, emin int, ok bool) {
	if s.Kind != expr.FP {
		return 0, 0, false
	}
	switch s.FK {
	case arith.F32:
		return 24, -126, true
	case arith.F64:
		return 53, -1022, true
	}
	return 0, 0, false
}

// relMaxSteps bounds the nodes one slice's forms visit.
const relMaxSteps = 200

// relCtx computes the forms of one slice.
type relCtx struct {
	n        *network
	x, y     int   // the reference B = x − y; x < 0 for none (B = 0)
	b        rival // the slice
	memo     map[int]*relForm
	visiting map[int]bool
	steps    int
}

// form returns node i's form on the slice; nil when i's domain is not a
// finite float32/float64 range (then no bound of i is known at all).
func (c *relCtx) form(i int) *relForm {
	if f, ok := c.memo[i]; ok {
		return f
	}
	c.steps++
	var f *relForm
	if c.steps <= relMaxSteps && !c.visiting[i] {
		c.visiting[i] = true
		f = c.build(i)
		delete(c.visiting, i)
	}
	c.memo[i] = f
	return f
}

// rangeOf is f's range over the slice.
func (c *relCtx) rangeOf(r, e rival) rival { return r.mul(c.b).add(e) }

func (c *relCtx) build(i int) *relForm {
	n := c.n
	e := n.nodes[i]
	p, emin, ok := relKind(e.Sort)
	if !ok {
		return nil
	}
	lo, hi, ok := n.ratRange(i)
	if !ok {
		return nil
	}
	dom := rival{lo, hi}
	// Sign facts monotone rounding keeps: x ⊖ y ≥ 0 when y ≤ x is proven.
	if e.Op == expr.OpFSub {
		zero := rpt(new(big.Rat))
		if n.leProven(n.kid(i, 1), n.kid(i, 0)) && dom.hi.Sign() >= 0 {
			dom = dom.meet(rival{zero.lo, dom.hi})
		}
		if n.leProven(n.kid(i, 0), n.kid(i, 1)) && dom.lo.Sign() <= 0 {
			dom = dom.meet(rival{dom.lo, zero.hi})
		}
	}
	opaque := &relForm{r: rpt(new(big.Rat)), e: dom, abs: dom}
	var z *relForm // the real (unrounded) result
	switch e.Op {
	case expr.OpFNeg:
		a := c.form(n.kid(i, 0))
		if a == nil {
			return opaque
		}
		return &relForm{r: a.r.neg(), e: a.e.neg(), abs: a.abs.neg().meet(dom)}
	case expr.OpFAdd, expr.OpFSub:
		if e.RM != arith.NearestEven {
			return opaque
		}
		if e.Op == expr.OpFSub && c.x >= 0 && n.kid(i, 0) == c.x && n.kid(i, 1) == c.y {
			z = &relForm{r: rpt(big.NewRat(1, 1)), e: rpt(new(big.Rat))}
			break
		}
		a, b := c.form(n.kid(i, 0)), c.form(n.kid(i, 1))
		if a == nil || b == nil {
			return opaque
		}
		if e.Op == expr.OpFSub {
			b = &relForm{r: b.r.neg(), e: b.e.neg()}
		}
		z = &relForm{r: a.r.add(b.r), e: a.e.add(b.e)}
	case expr.OpFMul, expr.OpFDiv:
		if e.RM != arith.NearestEven {
			return opaque
		}
		a, b := c.form(n.kid(i, 0)), c.form(n.kid(i, 1))
		if a == nil || b == nil {
			return opaque
		}
		if e.Op == expr.OpFDiv {
			if !b.r.isZero() {
				return opaque
			}
			s, ok := b.e.inv()
			if !ok {
				return opaque
			}
			z = &relForm{r: a.r.mul(s), e: a.e.mul(s)}
			break
		}
		if !a.r.isZero() {
			a, b = b, a
		}
		if !a.r.isZero() {
			return opaque // a product of two forms that see B
		}
		z = &relForm{r: b.r.mul(a.e), e: b.e.mul(a.e)}
	default:
		return opaque
	}
	zr := c.rangeOf(z.r, z.e)
	f := c.rounded(e.Op, p, emin, z, zr)
	f.abs = c.rangeOf(f.r, f.e).meet(dom)
	// Monotone rounding keeps the sign of the real result (0 is a float).
	zero := new(big.Rat)
	if zr.lo.Sign() >= 0 && f.abs.lo.Sign() < 0 {
		f.abs.lo = zero
	}
	if zr.hi.Sign() <= 0 && f.abs.hi.Sign() > 0 {
		f.abs.hi = zero
	}
	if f.abs.lo.Cmp(f.abs.hi) > 0 {
		return opaque // no real value on this slice; keep it simple
	}
	if f.r.isZero() {
		f.e = f.abs // a form that does not see B is its range
	}
	return f
}

// rounded widens the form z of a real result with range zr by the
// nearest-even rounding of op to a float of precision p.
func (c *relCtx) rounded(op expr.Op, p, emin int, z *relForm, zr rival) *relForm {
	m := zr.maxAbs()
	if m.Sign() == 0 {
		return &relForm{r: z.r, e: z.e} // 0 is exact
	}
	u := pow2Rat(-p)
	one := big.NewRat(1, 1)
	delta := rival{new(big.Rat).Sub(one, u), new(big.Rat).Add(one, u)}
	rel := &relForm{r: z.r.mul(delta), e: z.e.mul(delta)}
	if op == expr.OpFAdd || op == expr.OpFSub {
		if m.Cmp(pow2Rat(emin+1)) <= 0 {
			return &relForm{r: z.r, e: z.e} // exact
		}
		return rel
	}
	eta := pow2Rat(emin - p) // minsub/2 = 2^(emin−p+1)/2
	tiny := rival{new(big.Rat).Neg(eta), eta}
	normal := pow2Rat(emin)
	switch {
	case m.Cmp(normal) <= 0: // fl(2^emin) is exact
		return &relForm{r: z.r, e: z.e.add(tiny)}
	case zr.minAbs().Cmp(normal) >= 0:
		return rel
	}
	rel.e = rel.e.add(tiny)
	return rel
}

// boundedBy reports that σ·p ≤ x − y (σ = ±1; x < 0: ≤ 0) over the reals
// for every solution within the domains.
func (n *network) boundedBy(p int, sigma int, x, y int) bool {
	ps, emin, ok := relKind(n.nodes[p].Sort)
	if !ok {
		return false
	}
	var slices []rival
	zero := new(big.Rat)
	if x < 0 {
		slices = []rival{rpt(zero)}
	} else {
		if n.nodes[x].Sort != n.nodes[y].Sort || n.nodes[x].Sort != n.nodes[p].Sort || !n.leProven(y, x) {
			return false
		}
		_, xh, okx := n.ratRange(x)
		yl, _, oky := n.ratRange(y)
		if !okx || !oky {
			return false
		}
		// B = x − y ≥ 0 is a multiple of the smallest subnormal.
		bmax := new(big.Rat).Sub(xh, yl)
		slices = []rival{rpt(zero)}
		minsub, cut := pow2Rat(emin-ps+1), pow2Rat(emin+1)
		if bmax.Cmp(minsub) >= 0 {
			top := cut
			if bmax.Cmp(cut) < 0 {
				top = bmax
			}
			slices = append(slices, rival{minsub, top})
			if bmax.Cmp(cut) > 0 {
				slices = append(slices, rival{cut, bmax})
			}
		}
	}
	for _, s := range slices {
		c := &relCtx{n: n, x: x, y: y, b: s, memo: map[int]*relForm{}, visiting: map[int]bool{}}
		f := c.form(p)
		n.affWork += c.steps
		if f == nil {
			return false
		}
		r, e, abs := f.r, f.e, f.abs
		if sigma < 0 {
			r, e, abs = r.neg(), e.neg(), abs.neg()
		}
		if abs.hi.Cmp(s.lo) <= 0 {
			continue // p's whole range is below the least B
		}
		// (σr − 1)·B + σe ≤ 0 over the slice.
		g := r.add(rpt(big.NewRat(-1, 1))).mul(s).add(e)
		if g.hi.Sign() > 0 {
			return false
		}
	}
	return true
}

// sumParts lists the ways node i is a ± σ·p: (a, p, σ).
func (n *network) sumParts(i int) [][3]int {
	switch n.nodes[i].Op {
	case expr.OpFAdd:
		return [][3]int{{n.kid(i, 0), n.kid(i, 1), 1}, {n.kid(i, 1), n.kid(i, 0), 1}}
	case expr.OpFSub:
		return [][3]int{{n.kid(i, 0), n.kid(i, 1), -1}}
	}
	return nil
}

// relLE reports that l ≤ r holds, neither being NaN, for every solution
// within the domains, with l or r a rounded sum a ± p (any mode) and the
// other side a float: l = fl(a + σp) ≤ r follows from σp ≤ r − a, and
// l ≤ r = fl(a + σp) from −σp ≤ a − l.
//
// Neither side can be NaN: the float side is a or a reference operand
// (finite domains, checked), and a + σp with a, p finite is a finite
// real (its rounding may overflow to an infinity, which still compares).
func (n *network) relLE(l, r int) bool {
	for _, pt := range n.sumParts(l) {
		a, p, sigma := pt[0], pt[1], pt[2]
		if _, _, ok := n.ratRange(a); !ok {
			continue
		}
		x, y := r, a
		if r == a {
			x, y = -1, -1
		}
		if n.boundedBy(p, sigma, x, y) {
			return true
		}
	}
	for _, pt := range n.sumParts(r) {
		a, p, sigma := pt[0], pt[1], pt[2]
		if _, _, ok := n.ratRange(a); !ok {
			continue
		}
		x, y := a, l
		if l == a {
			x, y = -1, -1
		}
		if n.boundedBy(p, -sigma, x, y) {
			return true
		}
	}
	return false
}

// reviseRelErr decides comparison node i (≤ true, < false) by relLE.
// An atom the roots already fixed the other way is checked too: the
// decision then empties its domain (the refutation).
func (n *network) reviseRelErr(i int) {
	if n.failed || n.affSpent() {
		return
	}
	l, r := n.kid(i, 0), n.kid(i, 1)
	if n.sumParts(l) == nil && n.sumParts(r) == nil {
		return
	}
	d := n.dom[i]
	switch n.nodes[i].Op {
	case expr.OpFOLe:
		if d.canFalse() && n.relLE(l, r) {
			n.set(i, boolDom(false, true), false)
		}
	case expr.OpFOLt:
		if d.canTrue() && n.relLE(r, l) {
			n.set(i, boolDom(true, false), false)
		}
	}
}
