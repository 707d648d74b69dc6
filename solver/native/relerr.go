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

// rvec holds one coefficient interval per reference term.
type rvec []rival

func (v rvec) add(w rvec) rvec {
	r := make(rvec, len(v))
	for i := range v {
		r[i] = v[i].add(w[i])
	}
	return r
}

func (v rvec) neg() rvec {
	r := make(rvec, len(v))
	for i := range v {
		r[i] = v[i].neg()
	}
	return r
}

// scale is s·v for one real s ∈ s.
func (v rvec) scale(s rival) rvec {
	r := make(rvec, len(v))
	for i := range v {
		r[i] = v[i].mul(s)
	}
	return r
}

func (v rvec) isZero() bool {
	for _, x := range v {
		if !x.isZero() {
			return false
		}
	}
	return true
}

// hull is [min lo, max hi] over the terms: with terms T_i ≥ 0 summing to
// S, Σ r_i·T_i ∈ hull·S (a convex combination, scaled).
func (v rvec) hull() rival {
	h := v[0]
	for _, x := range v[1:] {
		if x.lo.Cmp(h.lo) < 0 {
			h.lo = x.lo
		}
		if x.hi.Cmp(h.hi) > 0 {
			h.hi = x.hi
		}
	}
	return h
}

// zeroVec is the form coefficient of a node that does not see the terms.
func zeroVec(n int) rvec {
	r := make(rvec, n)
	for i := range r {
		r[i] = rpt(new(big.Rat))
	}
	return r
}

// relForm is v ∈ Σ r_i·T_i + e over the reference terms T_i (≥ 0, their
// sum S in the slice); abs is v's range on the slice.
type relForm struct {
	r      rvec
	e, abs rival
}

// relKind gives the precision p and emin of the kinds the forms handle.
func relKind(s expr.Sort) (p, emin int, ok bool) {
	if s.Kind != expr.FP {
		return 0, 0, false
	}
	if s.FK != arith.F32 && s.FK != arith.F64 {
		return 0, 0, false
	}
	return s.FK.Precision(), s.FK.MinExp(), true
}

// relMaxSteps bounds the nodes one slice's forms visit.
const relMaxSteps = 200

// relWorkMax bounds the forms' node steps in one network (the rel-err
// rule's slot), apart from the affine forms' so that neither mechanism
// spends the other's budget.
const relWorkMax = 20000

// relCtx computes the forms of one slice.
type relCtx struct {
	n    *network
	x, y int // the reference B = x − y (term 0); x < 0 for none
	// terms, when set instead, are nonnegative nodes taken as the
	// reference terms (their slot), S their sum.
	terms    map[int]int
	nslot    int
	b        rival // the slice of B or S
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
	c.n.m.form++
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
func (c *relCtx) rangeOf(r rvec, e rival) rival { return r.hull().mul(c.b).add(e) }

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
	opaque := &relForm{r: zeroVec(c.nslot), e: dom, abs: dom}
	if slot, ok := c.terms[i]; ok {
		f := &relForm{r: zeroVec(c.nslot), e: rpt(new(big.Rat)), abs: dom}
		f.r[slot] = rpt(big.NewRat(1, 1))
		return f
	}
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
			z = &relForm{r: zeroVec(c.nslot), e: rpt(new(big.Rat))}
			z.r[0] = rpt(big.NewRat(1, 1))
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
			z = &relForm{r: a.r.scale(s), e: a.e.mul(s)}
			break
		}
		if !a.r.isZero() {
			a, b = b, a
		}
		if !a.r.isZero() {
			return opaque // a product of two forms that see B
		}
		z = &relForm{r: b.r.scale(a.e), e: b.e.mul(a.e)}
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
	rel := &relForm{r: z.r.scale(delta), e: z.e.mul(delta)}
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

// relSlices cuts the range [0, smax] of a reference B or S — a sum or
// difference of floats of precision p, so 0 or at least the smallest
// subnormal — at 2^(emin+1), where subtractions stop being exact.
func relSlices(p, emin int, smax *big.Rat) []rival {
	slices := []rival{rpt(new(big.Rat))}
	minsub, cut := pow2Rat(emin-p+1), pow2Rat(emin+1)
	if smax.Cmp(minsub) >= 0 {
		top := cut
		if smax.Cmp(cut) < 0 {
			top = smax
		}
		slices = append(slices, rival{minsub, top})
		if smax.Cmp(cut) > 0 {
			slices = append(slices, rival{cut, smax})
		}
	}
	return slices
}

// relSide is a signed sum of nodes (σ = ±1), plus B itself when withB.
type relSide struct {
	nodes [][2]int
	withB bool
}

// sideForm is the form of a side on c's slice; nil when a node has none.
func (c *relCtx) sideForm(s relSide) *relForm {
	zero := rpt(new(big.Rat))
	f := &relForm{r: zeroVec(c.nslot), e: zero, abs: zero}
	if s.withB {
		f.r[0] = rpt(big.NewRat(1, 1))
		f.abs = c.b
	}
	for _, ns := range s.nodes {
		g := c.form(ns[0])
		if g == nil {
			return nil
		}
		r, e, abs := g.r, g.e, g.abs
		if ns[1] < 0 {
			r, e, abs = r.neg(), e.neg(), abs.neg()
		}
		f = &relForm{r: f.r.add(r), e: f.e.add(e), abs: f.abs.add(abs)}
	}
	return f
}

// relHolds reports that lhs ≤ rhs over the reals on every slice: the
// form of lhs − rhs is at most 0, or lhs's range lies below rhs's.
func (n *network) relHolds(c0 relCtx, slices []rival, lhs, rhs relSide) bool {
	for _, s := range slices {
		c := c0
		c.b, c.memo, c.visiting = s, map[int]*relForm{}, map[int]bool{}
		l, r := c.sideForm(lhs), c.sideForm(rhs)
		n.charge(relErrRule, c.steps)
		if l == nil || r == nil {
			return false
		}
		// A side's range: the sum of its nodes' ranges, or its form's
		// (which sees the cancellation of shared terms).
		l.abs = l.abs.meet(c.rangeOf(l.r, l.e))
		r.abs = r.abs.meet(c.rangeOf(r.r, r.e))
		if l.abs.hi.Cmp(r.abs.lo) <= 0 {
			continue
		}
		g := c.rangeOf(l.r.add(r.r.neg()), l.e.add(r.e.neg()))
		if g.hi.Sign() > 0 {
			return false
		}
	}
	return true
}

// boundedBy reports that σ·p ≤ x − y (σ = ±1; x < 0: ≤ 0) over the reals
// for every solution within the domains.
func (n *network) boundedBy(p int, sigma int, x, y int) bool {
	ps, emin, ok := relKind(n.nodes[p].Sort)
	if !ok {
		return false
	}
	c := relCtx{n: n, x: x, y: y, nslot: 1}
	lhs := relSide{nodes: [][2]int{{p, sigma}}}
	if x < 0 {
		return n.relHolds(c, []rival{rpt(new(big.Rat))}, lhs, relSide{})
	}
	if n.nodes[x].Sort != n.nodes[y].Sort || n.nodes[x].Sort != n.nodes[p].Sort || !n.leProven(y, x) {
		return false
	}
	_, xh, okx := n.ratRange(x)
	yl, _, oky := n.ratRange(y)
	if !okx || !oky {
		return false
	}
	return n.relHolds(c, relSlices(ps, emin, new(big.Rat).Sub(xh, yl)), lhs, relSide{withB: true})
}

// relMaxTerms bounds the reference terms of the sum mode.
const relMaxTerms = 8

// termsOf collects the reference terms of the sum mode below the roots:
// the nonnegative operands of ⊕ and ⊖ that are not themselves
// arithmetic (inputs and the like), of sort s, with finite domains.
func (n *network) termsOf(s expr.Sort, roots ...int) (map[int]int, *big.Rat, bool) {
	terms := map[int]int{}
	sum := new(big.Rat)
	seen := map[int]bool{}
	var walk func(i int) bool
	walk = func(i int) bool {
		if seen[i] {
			return true
		}
		seen[i] = true
		e := n.nodes[i]
		switch e.Op {
		case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFNeg:
		default:
			return true
		}
		for j := range n.kids[i] {
			k := n.kid(i, j)
			ke := n.nodes[k].Op
			isArith := ke == expr.OpFAdd || ke == expr.OpFSub || ke == expr.OpFMul || ke == expr.OpFDiv || ke == expr.OpFNeg
			if !isArith && ke != expr.OpConst && (e.Op == expr.OpFAdd || e.Op == expr.OpFSub) {
				lo, hi, ok := n.ratRange(k)
				if _, dup := terms[k]; ok && !dup && lo.Sign() >= 0 && n.nodes[k].Sort == s {
					if len(terms) == relMaxTerms {
						return false
					}
					terms[k] = len(terms)
					sum.Add(sum, hi)
				}
			}
			if !walk(k) {
				return false
			}
		}
		return true
	}
	for _, r := range roots {
		if !walk(r) {
			return nil, nil, false
		}
	}
	return terms, sum, len(terms) > 0
}

// sumHolds is relHolds in the sum mode: the terms are the nonnegative
// inputs of the sums below both sides, S their sum.
func (n *network) sumHolds(lhs, rhs relSide, roots ...int) bool {
	s := n.nodes[roots[0]].Sort
	p, emin, ok := relKind(s)
	if !ok {
		return false
	}
	terms, smax, ok := n.termsOf(s, roots...)
	if !ok {
		return false
	}
	c := relCtx{n: n, x: -1, y: -1, terms: terms, nslot: len(terms)}
	return n.relHolds(c, relSlices(p, emin, smax), lhs, rhs)
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
// within the domains, with l or r a rounded sum a ± p (any mode): l =
// fl(a + σp) ≤ r, r a float, follows from a + σp ≤ r over the reals, and
// l ≤ r = fl(a + σp) from l ≤ a + σp. The real inequality is proven with
// B = r − a (or a − l) as the reference when the other side is a float
// operand, else in the sum mode over the nonnegative inputs.
//
// Neither side can be NaN: every node the proof reads has a finite
// domain, and a + σp with a, p finite is a finite real (its rounding may
// overflow to an infinity, which still compares).
func (n *network) relLE(l, r int) bool {
	return n.relLESum(l, r, true) || n.relLESum(r, l, false)
}

// relLESum is relLE with s the side read as a rounded sum a ± p and o
// the other (left: s is l). With o a float operand the reference is
// B = o − a when s is l (σp ≤ B) and B = a − o when s is r (−σp ≤ B).
func (n *network) relLESum(s, o int, left bool) bool {
	l, r := s, o
	if !left {
		l, r = o, s
	}
	other := relSide{nodes: [][2]int{{o, 1}}}
	for _, pt := range n.sumParts(s) {
		a, p, sigma := pt[0], pt[1], pt[2]
		if _, _, ok := n.ratRange(a); !ok {
			continue
		}
		x, y, sg := o, a, sigma
		if !left {
			x, y, sg = a, o, -sigma
		}
		if o == a {
			x, y = -1, -1
		}
		if n.boundedBy(p, sg, x, y) {
			return true
		}
		sum := relSide{nodes: [][2]int{{a, 1}, {p, sigma}}}
		if left && n.sumHolds(sum, other, l, r) || !left && n.sumHolds(other, sum, l, r) {
			return true
		}
	}
	return false
}

// reviseRelErr decides comparison node i (≤ true, < false) by relLE.
// An atom the roots already fixed the other way is checked too: the
// decision then empties its domain (the refutation).
func (n *network) reviseRelErr(i int) {
	if n.failed || n.spent(relErrRule) {
		return
	}
	l, r := n.kid(i, 0), n.kid(i, 1)
	if n.sumParts(l) == nil && n.sumParts(r) == nil {
		return
	}
	if n.relOneInput(i) {
		return // a monotone function of one input: fcmp decides it (affsingle.go)
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
