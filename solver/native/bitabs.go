package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// fabs written on the bits. C's fabs at -O0 becomes an and of the sign
// bit on the value's bits, so the query holds ax = frombits(w & 0x7f…f)
// beside x = frombits(w). The bit-level projections cannot relate the
// two (the bits of [-B, B] are two unsigned ranges whose hull is every
// pattern), so ax looked like any non-negative value or NaN, and every
// range fact about x was lost on ax (hypot_overflow). Clearing the sign
// bit is exactly fabs, NaNs included, so node i = |j| is projected as
// fabs. Only binary32/64: an x86_fp80's bits hold encodings (unnormals)
// that are not values.

// bitAbs reports the node j = frombits(w) when node i is frombits(w &
// mask) with mask the sign-clearing mask of i's kind.
func (n *network) bitAbs(i int) (int, bool) {
	e := n.nodes[i]
	k := e.Sort.FK
	if e.Op != expr.OpFromBits || (k != arith.F32 && k != arith.F64) {
		return 0, false
	}
	and := n.kid(i, 0)
	if n.nodes[and].Op != expr.OpAnd {
		return 0, false
	}
	mask := arith.Mask(k.Bits() - 1)
	var w int
	switch m0, m1 := n.nodes[n.kid(and, 0)], n.nodes[n.kid(and, 1)]; {
	case m0.Op == expr.OpConst && m0.Val == mask:
		w = n.kid(and, 1)
	case m1.Op == expr.OpConst && m1.Val == mask:
		w = n.kid(and, 0)
	default:
		return 0, false
	}
	for _, p := range n.parents[w] {
		if pe := n.nodes[p]; pe.Op == expr.OpFromBits && pe.Sort.FK == k {
			return p, true
		}
	}
	return 0, false
}

// linkBitAbs makes every bit-level fabs node a parent of its operand, so
// that a narrowing of x revises |x|.
func (n *network) linkBitAbs() {
	for i := range n.nodes {
		if j, ok := n.bitAbs(i); ok {
			n.parents[j] = append(n.parents[j], i)
		}
	}
}
