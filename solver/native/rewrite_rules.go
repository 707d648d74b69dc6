package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The rewrite rules of the registry (rules.go). Each returns what node i
// equals under the facts the domains prove, rewritten (p.rw), having
// added to the justification (p.fact, p.ranged) every fact its lemma
// uses; or nil, adding nothing, when it does not apply.

// rwRemIdentity: fmod(x, y) and remainder(x, y) are x when the operands'
// ranges prove it (remIdentity, ops_class.go: |x| < |y|, or |x| ≤ |y|/2
// for remainder).
func rwRemIdentity(p *rewriting, i int) *expr.Expr {
	n, e := p.n, p.n.nodes[i]
	if !remIdentity(e.Sort.FK, e.Op == expr.OpFRemainder, n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]) {
		return nil
	}
	p.ranged(e.Kid[0])
	p.ranged(e.Kid[1])
	return p.rw(e.Kid[0])
}

// rwRemLess: fmod(x, y) is x when a decided comparison proves |x| < |y|
// (lessProven, ops_class.go: x < y with 0 ≤ x, or y < x with x ≤ 0).
func rwRemLess(p *rewriting, i int) *expr.Expr {
	n, e := p.n, p.n.nodes[i]
	if !n.lessProven(n.kid(i, 0), n.kid(i, 1)) {
		return nil
	}
	p.ranged(e.Kid[0])
	if x := n.dom[n.kid(i, 0)]; kLE(keyNegZero, x.Lo) {
		p.fact(p.b.FCmp(arith.OLT, e.Kid[0], e.Kid[1]))
	} else {
		p.fact(p.b.FCmp(arith.OLT, e.Kid[1], e.Kid[0]))
	}
	return p.rw(e.Kid[0])
}

// rwSqrtSquare: sqrt_RN(x ⊗_RN x) is |x| when x's range keeps x·x normal
// and finite (sqrtsq.go).
func rwSqrtSquare(p *rewriting, i int) *expr.Expr {
	x, sign, ok := p.n.sqrtSquareOf(i)
	if !ok {
		return nil
	}
	xe := p.n.nodes[x]
	p.ranged(xe)
	r := p.rw(xe)
	if sign < 0 {
		r = p.b.FNeg(r)
	}
	return r
}

// rwDoubleRounding: a binary32 operation computed in binary64 and
// rounded back in the same mode is the binary32 operation, its operands
// not NaN (dblround.go).
func rwDoubleRounding(p *rewriting, i int) *expr.Expr {
	n := p.n
	r := n.narrowOf(p.b, i, p.rw)
	if r == nil {
		return nil
	}
	for _, k := range n.nodes[n.kid(i, 0)].Kids() {
		p.fact(p.b.Not(p.b.FClass(expr.OpFIsNaN, k)))
	}
	return r
}

// rwSterbenz: (x ⊖ y) ⊕ y and y ⊕ (x ⊖ y) are x, x ⊖ (x ⊖ y) is y, when
// the domains and the atoms proven true make x ⊖ y exact (sterbenz.go).
// The half facts of the proven atoms are the rule's state for the pass.
func rwSterbenz(p *rewriting, i int) *expr.Expr {
	n := p.n
	st := slotState[sterbenz](n, sterbenzRule)
	if st.n == nil {
		*st = *newSterbenz(n)
	}
	repl, atoms, ranged, ok := st.rewriteOf(i)
	if !ok {
		return nil
	}
	for _, a := range atoms {
		p.fact(n.nodes[a])
	}
	for _, x := range ranged {
		p.ranged(n.nodes[x])
	}
	return p.rw(n.nodes[repl])
}
