package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// A zero difference (rule "sub-zero"): for binary32 and binary64, in
// every rounding mode, x ⊖ y is a zero exactly when x = y as reals and
// both are finite. An infinite operand gives an infinity or NaN, a NaN
// gives NaN; for finite x ≠ y the exact difference is a nonzero multiple
// of the least subnormal, at least that subnormal in magnitude, and no
// rounding mode rounds such a value to zero (gradual underflow). So a
// difference node that is ±0 makes x = y: each operand lies in the
// other's finite values (±0 taken as one value), and the ordered
// comparisons of x and y are decided (x == y, x ≤ y true, x < y false).
// Interval projections alone keep x ∈ [1, 2], y ∈ [1, 2] for x − y = 0
// and cannot refute x − y == 0 ∧ x ≠ y; this rule does.

// reviseSubZero applies the rule to difference node i.
func (n *network) reviseSubZero(i int) {
	e := n.nodes[i]
	k := e.Sort.FK
	if k != arith.F32 && k != arith.F64 {
		return
	}
	d := n.dom[i]
	if d.NaN || !d.Num || !kLE(keyNegZero, d.Lo) || !kLE(d.Hi, keyPosZero) {
		return // not known to be a zero
	}
	x, y := n.kid(i, 0), n.kid(i, 1)
	finite := Dom{Lo: kAdd(keyNegInf(k), 1), Hi: keyMaxFinite(k), Num: true}
	n.set(x, intersect(finite, zeroClosed(n.dom[y])), true)
	n.set(y, intersect(finite, zeroClosed(n.dom[x])), true)
	if n.failed {
		return
	}
	for _, p := range n.parents[x] {
		a, b := n.kids[p][0], n.kids[p][len(n.kids[p])-1]
		if len(n.kids[p]) != 2 || !(a == x && b == y || a == y && b == x) {
			continue
		}
		switch n.nodes[p].Op {
		case expr.OpFOEq, expr.OpFOLe:
			n.set(p, boolDom(false, true), false)
		case expr.OpFOLt:
			n.set(p, boolDom(true, false), false)
		}
		if n.failed {
			return
		}
	}
}

// zeroClosed is d with both zeros when it has one: as values, +0 = −0.
func zeroClosed(d Dom) Dom {
	if !d.Num {
		return d
	}
	if d.contains(keyNegZero) {
		d.Hi = kMax(d.Hi, keyPosZero)
	}
	if d.contains(keyPosZero) {
		d.Lo = kMin(d.Lo, keyNegZero)
	}
	return d
}
