package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Selector splitting: labelling by case on the few values of an
// if-then-else's selector before splitting the inputs.
//
// Two kinds of query carry selectors. A read of a constant table at a
// symbolic index becomes, byte by byte, a chain ite(i = c1, b1, ite(i =
// c2, b2, ...)) over one integer i (interp_table: T[(int)x]); a merged
// state (executor/merge.go) carries ite(c, a, b) over the branch
// conditions c of the paths it joined. Interval propagation keeps only
// the hull of each ite's arms: the bytes of a table entry hulled apart
// give almost any float, so refuting such a query by splitting the
// inputs' floats alone takes as many splits as there are table cells,
// each found by halving a float domain. Splitting first on the selector,
// one case per value (an integer with at most selMaxValues values left,
// or a Boolean ite condition), makes each case's ite pick one arm: the
// table entry becomes a constant, the merged value one side's, and
// propagation settles the case at once or the inputs' split goes on
// from narrower domains.
//
// Soundness: the cases cover the selector's whole current domain (every
// value of an integer of at most selMaxValues values; both truth values
// of a condition), so every branch refuted is a proof of UNSAT as for the
// leaves' split; a model is still returned only after quick() checked it
// on the whole query.

// selMaxValues bounds the values of an integer selector split value by
// value: a table index (a few dozen entries) qualifies, a full integer
// input does not.
const selMaxValues = 64

// findSelectors lists the network's selector nodes in node order (kids
// before parents: a selector computed from an earlier one comes after
// it): integers compared for equality with a constant in an ite's
// condition, and non-constant Boolean ite conditions.
func (n *network) findSelectors() []int {
	isSel := make([]bool, len(n.nodes))
	// An integer selector's integer sources count too (kids before
	// parents: the source is split first): the table index i of
	// 4·sext(ite(in range, fptosi(x), MIN)) is the value the input's
	// domain follows back (fptosi's projection), where the byte offset
	// it becomes projects back through nothing.
	var mark func(k int)
	mark = func(k int) {
		ke := n.nodes[k]
		if isSel[k] || ke.IsConst() || ke.Sort.Kind != expr.BV || ke.Sort.W > 64 {
			return
		}
		isSel[k] = true
		for _, kk := range n.kids[k] {
			mark(kk)
		}
	}
	for i, e := range n.nodes {
		if constRead(e) && len(n.kids[i]) == 1 {
			mark(n.kids[i][0]) // a table index selects the byte too
			continue
		}
		if e.Op != expr.OpIte || len(n.kids[i]) != 3 {
			continue
		}
		c := n.kids[i][0]
		ce := n.nodes[c]
		switch {
		case ce.Op == expr.OpEq && len(n.kids[c]) == 2:
			for j, k := range n.kids[c] {
				other := n.nodes[n.kids[c][1-j]]
				if other.IsConst() {
					mark(k)
				}
			}
		case !ce.IsConst():
			isSel[c] = true
		}
	}
	var sel []int
	for i, s := range isSel {
		if s {
			sel = append(sel, i)
		}
	}
	return sel
}

// selectorCases returns the cases of the first selector (in node order)
// whose domain is not yet one value and has at most selMaxValues values:
// one point domain per value. Nil when there is none.
func (s *search) selectorCases() (int, []Dom) {
	for _, i := range s.selectors {
		d := s.n.dom[i]
		if !d.Num || d.Lo == d.Hi || d.size() > selMaxValues {
			continue
		}
		var cases []Dom
		for v := d.Lo.Lo; ; v++ {
			w := arith.Word{Lo: v}
			cases = append(cases, Dom{Lo: w, Hi: w, Num: true})
			if v == d.Hi.Lo {
				break
			}
		}
		return i, cases
	}
	return -1, nil
}
