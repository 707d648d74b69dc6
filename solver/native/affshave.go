package native

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Shaving by the affine forms. A comparison whose value is decided (a
// root) often holds on part of a term's range only: in the loop
// f = x; while (f < x ⊕ 8) f = f ⊕ 1, "f_10 ≥ end" fails wherever
// x ≥ 2^24 (f is stuck there) and "f_9 < end" fails wherever x is
// below 2^24 − 9; neither comparison alone is refuted over the whole
// range of x, but each removes one end of it. The term's range is cut to
// the hull of the pieces (a bisection aligned on binades, where the
// forms' error bounds and quanta change) on which the comparison may
// still take its value. Sound: a piece is dropped only when the forms,
// which hold for every value within it, refute the comparison's value.

// affPiece is the verdict of comparison a op b over the keys [klo, khi]
// of term t; ok false when the piece has no finite range.
func (n *network) affPiece(op expr.Op, a, b, t int, klo, khi arith.Word) (affVerdict, bool) {
	k := n.nodes[t].Sort.FK
	l, h := toFloat(k, valueOf(k, klo)), toFloat(k, valueOf(k, khi))
	if math.IsInf(l, 0) || math.IsInf(h, 0) || math.IsNaN(l) || math.IsNaN(h) {
		return affVerdict{true, true}, false
	}
	c := newAffCtx(n)
	c.hasSplit, c.over = true, t
	c.overLo, c.overHi = new(big.Rat).SetFloat64(l), new(big.Rat).SetFloat64(h)
	f := c.diff(a, b)
	n.charge(affineRule, c.steps)
	if f == nil {
		return affVerdict{true, true}, true
	}
	lo, hi, ok := c.affRange(f)
	if !ok {
		return affVerdict{true, true}, true
	}
	v := cmpVerdict(op, lo, hi)
	if v.canT && v.canF {
		v = n.affSibling(c, op, a, b, v)
	}
	return v, true
}

// affSibling decides a op b over the piece of c from another decided
// comparison a' op b' whose operands have the same exact forms (no
// error term): then a = a' and b = b' on the piece, so both comparisons
// have one value. (x ⊕ 1 where 1 is absorbed is x, and the loop's exit
// test f_1 < end is the entry test x < end.)
func (n *network) affSibling(c *affCtx, op expr.Op, a, b int, v affVerdict) affVerdict {
	for _, j := range n.aff().cmps {
		if n.nodes[j].Op != op || !n.dom[j].Point() {
			continue
		}
		aj, bj := n.kid(j, 0), n.kid(j, 1)
		if (aj == a && bj == b) || n.nodes[aj].Sort != n.nodes[a].Sort {
			continue
		}
		if !c.sameValue(a, aj) || !c.sameValue(b, bj) {
			continue
		}
		return boolVerdict(n.dom[j].Lo.Lo != 0)
	}
	return v
}

// sameValue reports that nodes x and y are equal over c's piece: one
// node, or one exact form.
func (c *affCtx) sameValue(x, y int) bool {
	return x == y || affSameExact(c.form(x), c.form(y))
}

// affSameExact reports that f and g are one exact linear form.
func affSameExact(f, g *affForm) bool {
	if f == nil || g == nil || f.e.Sign() != 0 || g.e.Sign() != 0 || f.c0.Cmp(g.c0) != 0 || len(f.c) != len(g.c) {
		return false
	}
	for t, v := range f.c {
		w, ok := g.c[t]
		if !ok || v.Cmp(w) != 0 {
			return false
		}
	}
	return true
}

// affComparisons lists the ordered comparisons of n the forms decide.
func (n *network) affComparisons() []int {
	var out []int
	for j, e := range n.nodes {
		switch e.Op {
		case expr.OpFOLt, expr.OpFOLe, expr.OpFOEq:
			if affKind(n.nodes[n.kid(j, 0)].Sort) {
				out = append(out, j)
			}
		}
	}
	return out
}

// alignedMid is where a split of the keys [klo, khi] of a float of kind
// k ends its lower half: the middle key, moved down to the end of the
// binade below it when the range is positive and spans binades (so
// pieces keep to one binade, where the spacing is one number).
func alignedMid(k arith.Kind, klo, khi arith.Word) arith.Word {
	mid := kMid(klo, khi)
	l, h := toFloat(k, valueOf(k, klo)), toFloat(k, valueOf(k, khi))
	v := toFloat(k, valueOf(k, mid))
	if !(l >= 0) || !(v > 0) || math.IsInf(h, 0) {
		return mid
	}
	_, x := math.Frexp(v)
	for _, b := range []float64{math.Ldexp(1, x-1), math.Ldexp(1, x)} {
		if b <= l || b > h || math.IsInf(b, 0) {
			continue
		}
		w := arith.FromFloat64(b)
		if k == arith.F32 {
			w = arith.FromFloat32(float32(b))
		}
		kb, ok := keyOf(k, w)
		if !ok {
			continue
		}
		m := kSub(kb, 1)
		if kLE(klo, m) && kLess(m, khi) {
			return m
		}
	}
	return mid
}

// affSurvivor is the least (top: greatest) key of [klo, khi] in a piece
// where comparison a op b may take a value forced allows; false when
// there is none. A piece left undecided by the budget counts as one.
func (n *network) affSurvivor(op expr.Op, a, b, t int, klo, khi arith.Word, budget *int, forced affVerdict, top bool) (arith.Word, bool) {
	edge := klo
	if top {
		edge = khi
	}
	if *budget <= 0 || n.affSpent() {
		return edge, true
	}
	*budget--
	v, ok := n.affPiece(op, a, b, t, klo, khi)
	if !ok {
		return edge, true
	}
	if (!v.canT || !forced.canT) && (!v.canF || !forced.canF) {
		return arith.Word{}, false // refuted on the whole piece
	}
	if !v.canT || !v.canF || klo == khi {
		return edge, true
	}
	mid := alignedMid(n.nodes[t].Sort.FK, klo, khi)
	lo1, hi1, lo2, hi2 := klo, mid, kAdd(mid, 1), khi
	if top {
		lo1, hi1, lo2, hi2 = lo2, hi2, lo1, hi1
	}
	if e, ok := n.affSurvivor(op, a, b, t, lo1, hi1, budget, forced, top); ok {
		return e, true
	}
	return n.affSurvivor(op, a, b, t, lo2, hi2, budget, forced, top)
}

// affShave cuts term t's domain to the hull of the pieces where the
// decided comparison i = a op b may hold its value (empty: refuted). It
// reports whether it narrowed anything.
func (n *network) affShave(i, a, b, t int, forced affVerdict) bool {
	op := n.nodes[i].Op
	d := n.dom[t]
	budget := affSplitBudget
	if st := n.aff(); st.cmps == nil {
		st.cmps = n.affComparisons()
	}
	lo, ok := n.affSurvivor(op, a, b, t, d.Lo, d.Hi, &budget, forced, false)
	if !ok {
		n.set(i, boolDom(!forced.canF, !forced.canT), false) // empties i
		return true
	}
	hi, _ := n.affSurvivor(op, a, b, t, lo, d.Hi, &budget, forced, true)
	if lo == d.Lo && hi == d.Hi {
		return false
	}
	n.set(t, Dom{Lo: lo, Hi: hi, Num: true}, false)
	return true
}
