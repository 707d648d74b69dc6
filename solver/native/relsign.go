package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Sign facts the interval projections miss because they take a node's
// two operands as independent (x ⊗ x over x ∈ [-M, M] spans [-M², M²];
// b ⊖ a over overlapping ranges spans negative values even when a ≤ b
// is asserted). They hold in every rounding mode and format, because the
// exact result has the sign, rounding is monotone and zero is a float:
//   - x ⊗ x is in [+0, +INF] or NaN, NaN only when x may be: an exact
//     zero square is +0 (equal signs), a tiny one rounds to +0 or up;
//   - b ⊖ a ≥ -0 and a ⊖ b ≤ +0 when a ≤ b is proven (neither NaN): an
//     exact zero difference is +0, or -0 rounding downward; NaN stays
//     possible (∞ − ∞ when a = b = ±INF);
//   - x ⊖ x is an exact zero for x finite: +0, or -0 rounding downward
//     (IEEE 754 6.3, x87 alike); NaN for x = ±INF or NaN; so x is finite
//     when x ⊖ x is not NaN.
// a ≤ b is leProven's: a decided comparison or the domains.

// reviseRelSign applies the facts to node i (an fmul, fsub or fadd). A
// difference is p ⊖ q or p ⊕ (-q) (IEEE defines x − y as x + (−y); clang
// writes b*b − c as fmuladd(b, b, −c), which becomes (b ⊗ b) ⊕ (−c)).
func (n *network) reviseRelSign(i int) {
	a, b := n.kid(i, 0), n.kid(i, 1)
	switch n.nodes[i].Op {
	case expr.OpFMul:
		if a == b {
			k := n.nodes[i].Sort.FK
			n.set(i, Dom{Lo: keyPosZero, Hi: keyPosInf(k), Num: true, NaN: n.dom[a].NaN}, false)
		}
	case expr.OpFSub:
		n.reviseDiff(i, a, b)
	case expr.OpFAdd:
		if n.nodes[b].Op == expr.OpFNeg {
			n.reviseDiff(i, a, n.kid(b, 0))
		} else if n.nodes[a].Op == expr.OpFNeg {
			n.reviseDiff(i, b, n.kid(a, 0))
		}
	}
}

// reviseDiff applies the difference facts to node i, which computes
// p − q.
func (n *network) reviseDiff(i, p, q int) {
	if p == q {
		n.reviseSelfSub(i, p)
		return
	}
	k := n.nodes[i].Sort.FK
	if n.leProven(q, p) {
		n.set(i, Dom{Lo: keyNegZero, Hi: keyPosInf(k), Num: true, NaN: true}, false)
	} else if n.leProven(p, q) {
		n.set(i, Dom{Lo: keyNegInf(k), Hi: keyPosZero, Num: true, NaN: true}, false)
	}
}

// reviseSelfSub applies the x − x fact to node i, which computes a − a.
func (n *network) reviseSelfSub(i, a int) {
	k := n.nodes[i].Sort.FK
	d := n.dom[a]
	z := keyPosZero
	if n.nodes[i].RM == arith.Downward {
		z = keyNegZero
	}
	finite := d.Num && d.Lo != keyPosInf(k) && d.Hi != keyNegInf(k)
	nan := d.NaN || d.contains(keyPosInf(k)) || d.contains(keyNegInf(k))
	n.set(i, Dom{Lo: z, Hi: z, Num: finite, NaN: nan}, false)
	if r := n.dom[i]; !n.failed && !r.NaN {
		n.set(a, Dom{Lo: kAdd(keyNegInf(k), 1), Hi: kSub(keyPosInf(k), 1), Num: true}, true)
	}
}
