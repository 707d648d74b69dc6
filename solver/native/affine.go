package native

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Relational decision of comparisons by affine forms with rounding-error
// terms (Fluctuat-style). Interval projections see a < b as two
// independent ranges, so ((x ⊕ 1) ⊕ 1) < x ⊕ 8 over x ∈ [0, 2^23] is
// undecided although both sides follow x within a few ulps (the
// dependency problem). Here every finite float32/float64 node gets a real
// value form
//
//	v = c0 + Σ c_t·t + ε,  |ε| ≤ e,
//
// with exact rational coefficients, where the terms t are nodes the form
// does not see through (inputs, products of two non-constant operands,
// anything nonlinear): a term is a node, so a node shared by both sides
// of a comparison cancels. ⊕ ⊖ combine linearly, ⊗ ⊘ by a constant scale,
// fneg and fpext are exact, and each rounding adds its error bound,
// taken from the rounded result's proven domain: |fl(v) − v| ≤ spacing/2
// in round-to-nearest and < spacing in the directed modes, spacing being
// the distance between floats in the binade of the domain's largest
// magnitude (never below the subnormal spacing). A node whose domain may
// hold NaN or an infinity has no form — an overflowed result is not
// within any error of the real value.
//
// a < b is then decided when the range of form(a) − form(b), each term
// taken over its node's domain, lies on one side of 0. The forms are
// sound under the current domains, so the decision holds for every
// solution within them: a comparison decided against what the roots
// require empties a domain (a sound UNSAT).

// affForm is c0 + Σ c[t]·t ± e.
type affForm struct {
	c  map[int]*big.Rat
	c0 *big.Rat
	e  *big.Rat
	// rlo, rhi memoize affRange (the rules of absorb.go ask it of every
	// operand several times); reset whenever e changes.
	rlo, rhi *big.Rat
}

// affMaxNodes bounds the nodes one decision explores (cost guard).
const affMaxNodes = 4000

// affCtx memoizes the forms of one decision.
type affCtx struct {
	n     *network
	forms map[int]*affForm
	done  map[int]bool
	steps int
	// over narrows one term (the case split of reviseAffine).
	over     int
	overLo   *big.Rat
	overHi   *big.Rat
	hasSplit bool
	// quant holds quanta proven by structure (absorb.go), beyond the
	// ranges' binades.
	quant map[int]*big.Rat
	// qmemo caches the quanta of exact.go (domains fixed meanwhile).
	qmemo map[int]int
}

func newAffCtx(n *network) *affCtx {
	return &affCtx{n: n, forms: map[int]*affForm{}, done: map[int]bool{}}
}

// rangeOf is node i's range: its domain, or the split piece.
func (c *affCtx) rangeOf(i int) (lo, hi *big.Rat, ok bool) {
	if c.hasSplit && i == c.over {
		return c.overLo, c.overHi, true
	}
	return c.n.ratRange(i)
}

// affKind reports the kinds the forms handle (f80 is left alone: pseudo
// denormals and the x87 double rounding are not worth the risk here).
func affKind(s expr.Sort) bool {
	return s.Kind == expr.FP && (s.FK == arith.F32 || s.FK == arith.F64)
}

// ratRange is node i's domain as a finite rational interval.
func (n *network) ratRange(i int) (lo, hi *big.Rat, ok bool) {
	e := n.nodes[i]
	d := n.dom[i]
	if !affKind(e.Sort) || d.NaN || !d.Num {
		return nil, nil, false
	}
	k := e.Sort.FK
	l, h := toFloat(k, valueOf(k, d.Lo)), toFloat(k, valueOf(k, d.Hi))
	if math.IsInf(l, 0) || math.IsInf(h, 0) || math.IsNaN(l) || math.IsNaN(h) {
		return nil, nil, false
	}
	return new(big.Rat).SetFloat64(l), new(big.Rat).SetFloat64(h), true
}

// pow2Rat is 2^e exactly.
func pow2Rat(e int) *big.Rat {
	one := big.NewInt(1)
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(one, uint(e)))
	}
	return new(big.Rat).SetFrac(one, new(big.Int).Lsh(one, uint(-e)))
}

// roundErr bounds |fl(v) − v| for a result rounded in mode rm to kind k
// whose (finite) rounded value has magnitude at most m.
func roundErr(k arith.Kind, rm arith.RoundingMode, m float64) *big.Rat {
	p, emin := k.Precision(), k.MinExp()
	// Binade exponent of m (m = f·2^x, f ∈ [0.5, 1): binade x−1). A
	// rounded value r has its real value between r's neighbours, all in
	// binades not above |r|'s (or r is a power of two and v lies within
	// half of its upper spacing in nearest, within its lower spacing
	// when directed): the spacing of m's binade bounds both.
	be := emin
	if m > 0 {
		_, x := math.Frexp(m)
		if x-1 > be {
			be = x - 1
		}
	}
	sp := pow2Rat(be - (p - 1))
	if rm == arith.NearestEven {
		return sp.Mul(sp, big.NewRat(1, 2))
	}
	return sp
}

// term is the form of node i taken as an opaque term (its domain must be
// finite).
func (c *affCtx) term(i int) *affForm {
	if _, _, ok := c.rangeOf(i); !ok {
		return nil
	}
	return &affForm{c: map[int]*big.Rat{i: big.NewRat(1, 1)}, c0: new(big.Rat), e: new(big.Rat)}
}

// form returns node i's form, nil when it has none.
func (c *affCtx) form(i int) *affForm {
	if c.done[i] {
		return c.forms[i]
	}
	c.steps++
	c.n.m.form++
	var f *affForm
	if c.steps <= affMaxNodes {
		f = c.build(i)
	}
	c.done[i] = true
	c.forms[i] = f
	return f
}

func (c *affCtx) build(i int) *affForm {
	n := c.n
	e := n.nodes[i]
	lo, _, ok := n.ratRange(i)
	if !ok {
		return nil
	}
	if e.Op == expr.OpConst {
		return &affForm{c: map[int]*big.Rat{}, c0: lo, e: new(big.Rat)}
	}
	m := math.Max(math.Abs(toFloat(e.Sort.FK, valueOf(e.Sort.FK, n.dom[i].Lo))),
		math.Abs(toFloat(e.Sort.FK, valueOf(e.Sort.FK, n.dom[i].Hi))))
	var exact *big.Rat // results up to this magnitude are exact
	rounded := func(f *affForm) *affForm {
		if f == nil {
			return c.term(i)
		}
		// A finite domain does not exclude overflow: the directed modes
		// saturate at the largest float. The real value must provably be
		// within the finite range for the error bound to hold.
		lo, hi, ok := c.affRange(f)
		top := new(big.Rat).SetFloat64(toFloat(e.Sort.FK, valueOf(e.Sort.FK, keyMaxFinite(e.Sort.FK))))
		if !ok || hi.Cmp(top) > 0 || new(big.Rat).Neg(lo).Cmp(top) > 0 {
			return c.term(i)
		}
		// The real value's own bound may be tighter than the domain's
		// (within a case split): either bounds the binade.
		mr := ratMaxAbsUp(lo, hi)
		if mr < m {
			m = mr
		}
		if exact != nil && ratMaxAbs(lo, hi).Cmp(exact) <= 0 {
			return f // a multiple of the operands' quantum within range
		}
		f.e.Add(f.e, roundErr(e.Sort.FK, e.RM, m))
		f.rlo, f.rhi = nil, nil
		return f
	}
	switch e.Op {
	case expr.OpFAdd, expr.OpFSub:
		a, b := c.form(n.kid(i, 0)), c.form(n.kid(i, 1))
		if a == nil || b == nil {
			return c.term(i)
		}
		if f := c.pointForm(i); f != nil {
			return f
		}
		if f := c.absorbForm(i); f != nil {
			return f
		}
		exact = c.exactBound(e.Sort.FK, n.kid(i, 0), n.kid(i, 1))
		sign := int64(1)
		if e.Op == expr.OpFSub {
			sign = -1
		}
		sum := affLin(a, b, big.NewRat(sign, 1))
		c.tieQuantum(i, sum)
		return rounded(sum)
	case expr.OpFMul, expr.OpFDiv:
		if f := c.pointForm(i); f != nil {
			return f
		}
		x, y := n.kid(i, 0), n.kid(i, 1)
		if e.Op == expr.OpFMul && n.nodes[x].Op == expr.OpConst {
			x, y = y, x
		}
		if n.nodes[y].Op != expr.OpConst {
			return c.term(i)
		}
		k, _, ok := c.rangeOf(y)
		if !ok || k.Sign() == 0 {
			return c.term(i)
		}
		a := c.form(x)
		if a == nil {
			return c.term(i)
		}
		if e.Op == expr.OpFDiv {
			k = new(big.Rat).Inv(k)
		}
		return rounded(affScale(a, k))
	case expr.OpFNeg:
		a := c.form(n.kid(i, 0))
		if a == nil {
			return c.term(i)
		}
		return affScale(a, big.NewRat(-1, 1))
	case expr.OpFPConv:
		x := n.kid(i, 0)
		if !affKind(n.nodes[x].Sort) {
			return c.term(i)
		}
		a := c.form(x)
		if a == nil {
			return c.term(i)
		}
		a = affScale(a, big.NewRat(1, 1))
		if n.nodes[x].Sort.FK == arith.F32 && e.Sort.FK == arith.F64 {
			return a // extension is exact
		}
		if n.nodes[x].Sort.FK == e.Sort.FK {
			return a
		}
		return rounded(a)
	}
	return c.term(i)
}

// affLin is a + s·b (fresh).
func affLin(a, b *affForm, s *big.Rat) *affForm {
	r := affScale(a, big.NewRat(1, 1))
	for t, cb := range b.c {
		v := new(big.Rat).Mul(cb, s)
		if ca, ok := r.c[t]; ok {
			v.Add(v, ca)
		}
		if v.Sign() == 0 {
			delete(r.c, t)
		} else {
			r.c[t] = v
		}
	}
	r.c0.Add(r.c0, new(big.Rat).Mul(b.c0, s))
	r.e.Add(r.e, b.e) // |s| = 1 here
	return r
}

// affScale is k·a (fresh).
func affScale(a *affForm, k *big.Rat) *affForm {
	r := &affForm{c: make(map[int]*big.Rat, len(a.c)), c0: new(big.Rat).Mul(a.c0, k),
		e: new(big.Rat).Mul(a.e, new(big.Rat).Abs(k))}
	for t, v := range a.c {
		r.c[t] = new(big.Rat).Mul(v, k)
	}
	return r
}

// affRange is the real range of f with each term over its range.
func (cx *affCtx) affRange(f *affForm) (lo, hi *big.Rat, ok bool) {
	if f.rlo != nil {
		return new(big.Rat).Set(f.rlo), new(big.Rat).Set(f.rhi), true
	}
	lo, hi, ok = cx.affRangeOf(f)
	if ok {
		f.rlo, f.rhi = new(big.Rat).Set(lo), new(big.Rat).Set(hi)
	}
	return lo, hi, ok
}

func (cx *affCtx) affRangeOf(f *affForm) (lo, hi *big.Rat, ok bool) {
	lo, hi = new(big.Rat).Set(f.c0), new(big.Rat).Set(f.c0)
	for t, c := range f.c {
		tl, th, ok := cx.rangeOf(t)
		if !ok {
			return nil, nil, false
		}
		a, b := new(big.Rat).Mul(c, tl), new(big.Rat).Mul(c, th)
		if a.Cmp(b) > 0 {
			a, b = b, a
		}
		lo.Add(lo, a)
		hi.Add(hi, b)
	}
	lo.Sub(lo, f.e)
	hi.Add(hi, f.e)
	return lo, hi, true
}

// affDiff is the form of a − b under ctx c (nil when none).
func (c *affCtx) diff(a, b int) *affForm {
	fa, fb := c.form(a), c.form(b)
	if fa == nil || fb == nil {
		return nil
	}
	return affLin(fa, fb, big.NewRat(-1, 1))
}

// affSplitBudget bounds the pieces of one case split.
const affSplitBudget = 400

// affWorkMax bounds the node steps the forms take in one network (one
// Solve): enough for the absorption proofs of affine_test.go many times
// over, small enough that a query with many comparisons keeps most of
// its budget for the search (big.Rat steps cost microseconds; the
// absorption proofs take under 3,000).
const affWorkMax = 30000

// affState is the affine rule's state in one network (its registry
// slot): the domains under which each comparison's case split last
// failed (not to redo it), and the comparisons the shave reads
// (affshave.go).
type affState struct {
	failed map[int]string
	cmps   []int
	// single memoizes affSingleUse (affsingle.go) by comparison.
	single map[int]bool
}

// aff is the affine rule's state in n.
func (n *network) aff() *affState { return slotState[affState](n, affineRule) }

// affSpent reports that the forms have used up their work in n (the
// affine rule's slot: affWorkMax, or affBudget's share of the query's
// budget), or that propagation's budget is spent.
func (n *network) affSpent() bool { return n.spent(affineRule) }

// affBudget is the forms' work cap from the query's budget: three
// quarters of it (the shave of a long loop's exit tests needs thousands
// of steps; half the budget left the double absorption loop's to the SMT
// backends), a quarter staying for the search.
func affBudget(work int64) int { return int(max(1, work*3/4/wForm)) }

// affVerdict is what a comparison can be over a range of the split term.
type affVerdict struct{ canT, canF bool }

// affShared reports that forms f and g have a term in common.
func affShared(f, g *affForm) bool {
	for t := range f.c {
		if _, ok := g.c[t]; ok {
			return true
		}
	}
	return false
}

// boolVerdict is the verdict of a comparison known to be b.
func boolVerdict(b bool) affVerdict { return affVerdict{canT: b, canF: !b} }

// covers reports that v allows every value forced allows (so a split
// piece with verdict v cannot narrow a comparison whose domain is
// forced).
func (v affVerdict) covers(forced affVerdict) bool {
	return (v.canT || !forced.canT) && (v.canF || !forced.canF)
}

// cmpVerdict reads comparison op from the range [lo, hi] of a − b.
func cmpVerdict(op expr.Op, lo, hi *big.Rat) affVerdict {
	switch op {
	case expr.OpFOLt:
		return affVerdict{lo.Sign() < 0, hi.Sign() >= 0}
	case expr.OpFOLe:
		return affVerdict{lo.Sign() <= 0, hi.Sign() > 0}
	}
	return affVerdict{lo.Sign() <= 0 && hi.Sign() >= 0, !(lo.Sign() == 0 && hi.Sign() == 0)}
}

// reviseAffine decides comparison node i (ordered <, ≤, =) by the forms
// of its operands. When the forms over the whole domains leave it open,
// the term of the difference with the widest contribution is split by
// bisection over its floats (a local case split: each piece gets its own
// forms, tighter error bounds and quanta), within a budget of pieces;
// the comparison is decided when every piece decides it the same way.
func (n *network) reviseAffine(i int) {
	if n.failed || n.affSpent() {
		return
	}
	// A decided comparison (a root, or one decided before) is checked
	// against its value: the forms refuting it empty the domain. The
	// split then stops at the first piece where the value is possible.
	forced := affVerdict{true, true}
	if d := n.dom[i]; d.Point() {
		forced = boolVerdict(d.Lo.Lo != 0)
	}
	a, b := n.kid(i, 0), n.kid(i, 1)
	op := n.nodes[i].Op
	if a == b || !affKind(n.nodes[a].Sort) || n.nodes[a].Sort != n.nodes[b].Sort {
		return
	}
	if op != expr.OpFOLt && op != expr.OpFOLe && op != expr.OpFOEq {
		return
	}
	if n.affSingleUse(i) {
		return // nothing to cancel: the intervals decide it (affsingle.go)
	}
	c := newAffCtx(n)
	fa, fb := c.form(a), c.form(b)
	n.charge(affineRule, c.steps)
	if fa == nil || fb == nil || len(fa.c)+len(fb.c) == 0 {
		return
	}
	lo, hi, ok := c.affRange(affLin(fa, fb, big.NewRat(-1, 1)))
	if !ok {
		return
	}
	v := cmpVerdict(op, lo, hi)
	if v.canT && v.canF {
		// Split the widest term of either side (cancelled terms still
		// set the error bounds).
		best, bw := -1, new(big.Rat)
		for _, f := range []*affForm{fa, fb} {
			for t := range f.c {
				tl, th, _ := c.rangeOf(t)
				w := new(big.Rat).Sub(th, tl)
				if best < 0 || w.Cmp(bw) > 0 || (w.Cmp(bw) == 0 && t < best) {
					best, bw = t, w
				}
			}
		}
		// The comparison's own value is part of the signature: a split
		// that failed to decide it may still shave once it is decided.
		sig := fmt.Sprintf("%v%v|", forced.canT, forced.canF) + n.affSig(c)
		st := n.aff()
		if st.failed[i] == sig {
			return
		}
		if forced.canT != forced.canF {
			// A decided comparison is worth shaving only when it is
			// relational (a term on both sides, as x in f_k < x ⊕ 8):
			// a single side's bounds are the intervals' business, and
			// every root would otherwise pay for a shave.
			if !affShared(fa, fb) {
				return
			}
			if !n.affShave(i, a, b, best, forced) {
				st.fail(i, sig)
			}
			return
		}
		d := n.dom[best]
		budget := affSplitBudget
		v = n.affSplit(op, a, b, best, d.Lo, d.Hi, &budget, forced)
		if v.canT && v.canF {
			st.fail(i, sig)
		}
	}
	if !v.canT || !v.canF {
		n.set(i, boolDom(v.canF, v.canT), false)
	}
}

// fail records that comparison i's split failed under signature sig.
func (st *affState) fail(i int, sig string) {
	if st.failed == nil {
		st.failed = map[int]string{}
	}
	st.failed[i] = sig
}

// affSplit decides the comparison over the keys [klo, khi] of term t.
//
// forced is the comparison's possible values before the split: once a
// piece allows every one of them, nothing can be learnt and the split
// stops.
func (n *network) affSplit(op expr.Op, a, b, t int, klo, khi arith.Word, budget *int, forced affVerdict) affVerdict {
	undecided := affVerdict{true, true}
	if *budget <= 0 || n.affSpent() {
		return undecided
	}
	*budget--
	k := n.nodes[t].Sort.FK
	l, h := toFloat(k, valueOf(k, klo)), toFloat(k, valueOf(k, khi))
	if math.IsInf(l, 0) || math.IsInf(h, 0) || math.IsNaN(l) || math.IsNaN(h) {
		return undecided
	}
	c := newAffCtx(n)
	c.hasSplit, c.over = true, t
	c.overLo, c.overHi = new(big.Rat).SetFloat64(l), new(big.Rat).SetFloat64(h)
	f := c.diff(a, b)
	n.charge(affineRule, c.steps)
	if f != nil {
		if lo, hi, ok := c.affRange(f); ok {
			if v := cmpVerdict(op, lo, hi); !v.canT || !v.canF {
				if v.covers(forced) {
					return undecided
				}
				return v
			}
		}
	}
	if klo == khi {
		return undecided
	}
	mid := kMid(klo, khi)
	v1 := n.affSplit(op, a, b, t, klo, mid, budget, forced)
	if v1.covers(forced) {
		return undecided
	}
	v2 := n.affSplit(op, a, b, t, kAdd(mid, 1), khi, budget, forced)
	return affVerdict{v1.canT || v2.canT, v1.canF || v2.canF}
}

// ratMaxAbs is max(|lo|, |hi|).
func ratMaxAbs(lo, hi *big.Rat) *big.Rat {
	a, b := new(big.Rat).Abs(lo), new(big.Rat).Abs(hi)
	if a.Cmp(b) > 0 {
		return a
	}
	return b
}

// ratMaxAbsUp is max(|lo|, |hi|) rounded up to a double.
func ratMaxAbsUp(lo, hi *big.Rat) float64 {
	m := ratMaxAbs(lo, hi)
	f, _ := m.Float64()
	if new(big.Rat).SetFloat64(f).Cmp(m) < 0 {
		f = math.Nextafter(f, math.Inf(1))
	}
	return f
}

// quantum returns q such that node i's value is a multiple of q (nil:
// any, the value is 0), from its range: a float of magnitude at least
// 2^E is a multiple of 2^(E−p+1); every float is one of minsub.
func (c *affCtx) quantum(k arith.Kind, i int) *big.Rat {
	q := c.rangeQuantum(k, i)
	if q == nil || !affKind(c.n.nodes[i].Sort) {
		return q
	}
	// How the node is computed may give a coarser grid (exact.go).
	if c.qmemo == nil {
		c.qmemo = map[int]int{}
	}
	if s := pow2Rat(c.n.qexp(i, c.qmemo)); s.Cmp(q) > 0 {
		return s
	}
	return q
}

// rangeQuantum is the quantum node i's range gives.
func (c *affCtx) rangeQuantum(k arith.Kind, i int) *big.Rat {
	p, emin := k.Precision(), k.MinExp()
	lo, hi, ok := c.rangeOf(i)
	if !ok {
		return pow2Rat(emin - p + 1)
	}
	if f := c.forms[i]; f != nil && c.done[i] {
		// A tighter range from the node's own form.
		if fl, fh, ok := c.affRange(f); ok {
			if fl.Cmp(lo) > 0 {
				lo = fl
			}
			if fh.Cmp(hi) < 0 {
				hi = fh
			}
		}
	}
	if lo.Sign() == 0 && hi.Sign() == 0 {
		return nil
	}
	q := c.boundsQuantum(k, lo, hi)
	if sq := c.quant[i]; sq != nil && sq.Cmp(q) > 0 {
		q = sq
	}
	return q
}

// boundsQuantum is the quantum of a value of kind k in [lo, hi] (not
// both zero).
func (c *affCtx) boundsQuantum(k arith.Kind, lo, hi *big.Rat) *big.Rat {
	p, emin := k.Precision(), k.MinExp()
	if lo.Cmp(hi) == 0 {
		// A point: its lowest set bit.
		v, _ := lo.Float64() // exact: a float
		fr, x := math.Frexp(math.Abs(v))
		mant := uint64(fr * (1 << 53))
		return pow2Rat(x - 53 + bits.TrailingZeros64(mant))
	}
	if lo.Sign() <= 0 && hi.Sign() >= 0 {
		return pow2Rat(emin - p + 1)
	}
	m := new(big.Rat).Abs(lo)
	if hi.Sign() < 0 {
		m = new(big.Rat).Abs(hi)
	}
	return binadeSpacing(k, m)
}

// exactBound: when both operands are multiples of q, an exact sum or
// difference of magnitude at most 2^p·q is a float (every float below
// 2^p·q is spaced by a divisor of q), so no rounding error. nil when
// nothing is known.
func (c *affCtx) exactBound(k arith.Kind, x, y int) *big.Rat {
	qx, qy := c.quantum(k, x), c.quantum(k, y)
	q := qx
	if q == nil || (qy != nil && qy.Cmp(q) < 0) {
		q = qy
	}
	if q == nil {
		return nil // both zero: the sum is exact anyway, keep it simple
	}
	p := 24
	if k == arith.F64 {
		p = 53
	}
	return new(big.Rat).Mul(q, pow2Rat(p))
}

// affSig is a signature of the domains a case split depends on: those
// of every node the forms read.
func (n *network) affSig(c *affCtx) string {
	var sb strings.Builder
	ts := make([]int, 0, len(c.done))
	for t := range c.done {
		ts = append(ts, t)
	}
	sort.Ints(ts)
	for _, i := range ts {
		d := n.dom[i]
		fmt.Fprintf(&sb, "%d:%x.%x-%x.%x.%v%v,", i, d.Lo.Hi, d.Lo.Lo, d.Hi.Hi, d.Hi.Lo, d.Num, d.NaN)
	}
	return sb.String()
}
