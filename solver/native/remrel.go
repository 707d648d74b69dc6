package native

import "github.com/floatsym/floatsym/solver/expr"

// A relational fact of fmod and remainder that intervals cannot express:
// for x finite and y neither NaN nor zero, r = fmod(x, y) and r =
// remainder(x, y) are exact and |r| < |y| (|r| ≤ |y|/2 for remainder;
// for y = ±INF, r = x, finite). Interval projections give |r| below the
// largest |y| only, so fabs(fmod(x, y)) < fabs(y) — the range fact of
// every fmod-based reduction — was left to bit-blasting, which does not
// finish on doubles (fmod_range).

// remBelow reports that the value of node a is provably below the value
// of node b by that fact: a is r, |r| or −|r| and b is |y|, where r =
// fmod(x, y) or remainder(x, y) with x finite and y neither NaN nor zero
// in the current domains.
func (n *network) remBelow(a, b int) bool {
	eb := n.nodes[b]
	if eb.Op != expr.OpFAbs {
		return false
	}
	y := n.kid(b, 0)
	r := a
	switch n.nodes[a].Op {
	case expr.OpFAbs:
		r = n.kid(a, 0)
	case expr.OpFNeg:
		if n.nodes[n.kid(a, 0)].Op != expr.OpFAbs {
			return false
		}
		r = n.kid(n.kid(a, 0), 0)
	}
	if op := n.nodes[r].Op; (op != expr.OpFRem && op != expr.OpFRemainder) || n.kid(r, 1) != y {
		return false
	}
	xd, yd := n.dom[n.kid(r, 0)], n.dom[y]
	k := n.nodes[y].Sort.FK
	finite := !xd.NaN && xd.Num && kLess(keyNegInf(k), xd.Lo) && kLess(xd.Hi, keyPosInf(k))
	nonzero := !yd.NaN && yd.Num && (!yd.contains(keyNegZero) && !yd.contains(keyPosZero) || n.provenNonZero(y))
	return finite && nonzero
}

// provenNonZero reports that a comparison y == ±0 or a classification
// iszero(y) is proven false: an interval cannot exclude the zeros from
// the middle of y's domain, so y ≠ 0 lives in those atoms.
func (n *network) provenNonZero(y int) bool {
	for _, p := range n.parents[y] {
		d := n.dom[p]
		if !d.Point() || d.Lo.Lo != 0 {
			continue
		}
		switch n.nodes[p].Op {
		case expr.OpFIsZero:
			return true
		case expr.OpFOEq:
			o := n.kid(p, 0)
			if o == y {
				o = n.kid(p, 1)
			}
			if c := n.nodes[o]; c.Op == expr.OpConst {
				if kk, ok := keyOf(c.Sort.FK, c.Val); ok && isZeroKey(kk) {
					return true
				}
			}
		}
	}
	return false
}

// reviseRemRel decides the comparison node i (a < b, a ≤ b or a == b) by
// remBelow; it reports whether it did.
func (n *network) reviseRemRel(i int) bool {
	ia, ib := n.kid(i, 0), n.kid(i, 1)
	op := n.nodes[i].Op
	switch {
	case n.remBelow(ia, ib): // a < b: a < b and a ≤ b hold, a == b fails
		n.set(i, boolDom(op == expr.OpFOEq, op != expr.OpFOEq), false)
	case n.remBelow(ib, ia): // b < a: all three fail
		n.set(i, boolDom(true, false), false)
	default:
		return false
	}
	return true
}
