package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Relational narrowing of divisions. Interval projections treat the two
// operands of a ⊘ b as independent, so x ⊘ x over x ∈ [2^-1074, 1e300]
// spans [0, +INF], and ay ⊘ ax with ay ≤ ax known spans as much: the
// scaled forms of hypot-like code (u = ax/m, v = ay/m with m = max(ax,
// ay)) then seem to overflow. Two facts, true in every rounding mode:
//   - x ⊘ x is 1 or NaN, and NaN only for x ∈ {±0, ±INF, NaN};
//   - a ⊘ b ∈ [-0, 1] or NaN when -0 ≤ a ≤ b is proven (b > 0 or both
//     zero — NaN): a/b ≤ 1 as reals, rounding is monotone and 1 is a
//     float; a = ±0 gives ±0 and b = +INF gives +0;
//   - a ⊘ b is not NaN when a is finite and b ≠ 0 is proven by an atom.
// a ≤ b comes from a comparison the domains decide (a ≤ b or a < b
// true, b < a false with neither NaN) or from the domains themselves.

// oneKey is the key of 1.0 in kind k.
func oneKey(k arith.Kind) arith.Word {
	var w arith.Word
	switch k {
	case arith.F32:
		w = arith.FromFloat32(1)
	case arith.F64:
		w = arith.FromFloat64(1)
	default:
		w = arith.F80FromFloat64(1)
	}
	key, _ := keyOf(k, w)
	return key
}

// reviseRelDiv applies the two facts to division node i.
func (n *network) reviseRelDiv(i int) {
	a, b := n.kid(i, 0), n.kid(i, 1)
	k := n.nodes[i].Sort.FK
	one := oneKey(k)
	if a == b {
		d := n.dom[a]
		zero := (d.contains(keyNegZero) || d.contains(keyPosZero)) && !n.provenNonZero(a)
		nan := d.NaN || zero || d.contains(keyNegInf(k)) || d.contains(keyPosInf(k))
		n.set(i, Dom{Lo: one, Hi: one, Num: d.Num, NaN: nan}, false)
		return
	}
	da, db := n.dom[a], n.dom[b]
	if !da.NaN && !db.NaN && da.Num && db.Num && kLess(keyNegInf(k), da.Lo) && kLess(da.Hi, keyPosInf(k)) && n.provenNonZero(b) {
		// a finite, b ≠ 0 by an atom (an interval cannot exclude 0 from
		// its middle): neither 0/0 nor ∞/∞, so no NaN.
		d := n.dom[i]
		n.set(i, Dom{Lo: d.Lo, Hi: d.Hi, Num: d.Num}, false)
	}
	if !da.Num || !kLE(keyNegZero, da.Lo) || !n.leProven(a, b) {
		return
	}
	n.set(i, Dom{Lo: keyNegZero, Hi: one, Num: true, NaN: true}, false)
}

// leProven reports that a ≤ b (numerically, neither NaN) follows from a
// decided comparison or from the domains.
func (n *network) leProven(a, b int) bool {
	da, db := n.dom[a], n.dom[b]
	if !da.NaN && !db.NaN && da.Num && db.Num && numLE(da.Hi, db.Lo) {
		return true
	}
	for _, p := range n.parents[a] {
		e := n.nodes[p]
		if (e.Op != expr.OpFOLe && e.Op != expr.OpFOLt) || !n.dom[p].Point() {
			continue
		}
		l, r := n.kid(p, 0), n.kid(p, 1)
		truth := n.dom[p].Lo.Lo == 1
		switch {
		case truth && l == a && r == b: // a ≤ b or a < b
			return true
		case !truth && e.Op == expr.OpFOLt && l == b && r == a && !da.NaN && !db.NaN:
			return true // ¬(b < a), neither NaN
		}
	}
	return false
}
