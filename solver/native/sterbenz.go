package native

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Relational rewriting by the Sterbenz lemma. Intervals cannot see that
// (x ⊖ y) ⊕ y is x when y/2 ≤ x ≤ 2y — the bounds are relations between
// two variables, not ranges — and bit-blasting solvers find this costly
// too (rounding_sterbenz: 54 s in Z3). When the domains and the
// comparisons the domains prove true establish that d = x ⊖ y is exact,
// the rewrite replaces d ⊕ y and y ⊕ d by x, and x ⊖ d by y: the real
// results are x and y, representable, so every rounding mode returns them.
//
// Exactness of x − y for x, y > 0 (finite): if x ≥ y, x − y ≤ y when x ≤ 2y
// (Sterbenz), and then x − y is representable; symmetrically if y > x.
// A representable result is also guaranteed when the difference is a
// multiple of the smallest subnormal not above the smallest normal
// 2^emin (every such multiple is a float). So it suffices that each of
// the two "halves" holds: half(a, b) := a > b ⇒ a − b is representable.
// half(a, b) follows from
//   - a ≤ fl(2b), a < fl(2b) (fl(2b) is 2b, or it overflowed and then
//     a ≤ max < 2b), with fl(2b) written b ⊗ 2, 2 ⊗ b or b ⊕ b;
//   - fl(a/2) ≤ b, fl(a/2) < b, with fl(a/2) written a ⊘ 2, a ⊗ 0.5 or
//     0.5 ⊗ a: if a/2 is exact then a ≤ 2b; if not, a/2 < 2^emin (only
//     subnormal halves round), fl(a/2) ≥ a/2 − minsub/2, so a − b ≤ a/2
//     + minsub/2 < 2^emin + minsub/2: a multiple of minsub, at most
//     2^emin;
//   - the domains: the largest a is at most twice the smallest b.
// Rounding modes do not matter: every mode rounds to a neighbour.
// Negative x, y are covered by the domain test on magnitudes only.
// x86_fp80 is left alone (pseudo-denormals).

// halfFact is one proven comparison atom establishing half(a, b).
type halfFact struct {
	a, b int // nodes
	atom int // the comparison node proven true
}

// sterbenz holds the half facts the proven atoms give.
type sterbenz struct {
	n     *network
	halfs map[[2]int]int // (a, b) → atom node
}

// provenTrue reports a Bool node whose domain is {true}.
func (n *network) provenTrue(i int) bool {
	d := n.dom[i]
	return d.Point() && d.Lo.Lo == 1
}

// isFConst reports whether node i is the FP constant x.
func (n *network) isFConst(i int, x float64) bool {
	e := n.nodes[i]
	if e.Op != expr.OpConst || e.Sort.Kind != expr.FP || e.Sort.FK == arith.F80 {
		return false
	}
	return toFloat(e.Sort.FK, e.Val) == x
}

// twice reports the node b when node i computes fl(2b) (any mode).
func (n *network) twice(i int) (int, bool) {
	e := n.nodes[i]
	switch e.Op {
	case expr.OpFMul:
		k0, k1 := n.kid(i, 0), n.kid(i, 1)
		if n.isFConst(k0, 2) {
			return k1, true
		}
		if n.isFConst(k1, 2) {
			return k0, true
		}
	case expr.OpFAdd:
		if n.kid(i, 0) == n.kid(i, 1) {
			return n.kid(i, 0), true
		}
	}
	return 0, false
}

// half reports the node a when node i computes fl(a/2) (any mode).
func (n *network) halfOf(i int) (int, bool) {
	e := n.nodes[i]
	switch e.Op {
	case expr.OpFDiv:
		if n.isFConst(n.kid(i, 1), 2) {
			return n.kid(i, 0), true
		}
	case expr.OpFMul:
		k0, k1 := n.kid(i, 0), n.kid(i, 1)
		if n.isFConst(k0, 0.5) {
			return k1, true
		}
		if n.isFConst(k1, 0.5) {
			return k0, true
		}
	}
	return 0, false
}

// newSterbenz collects the half facts of the atoms proven true.
func newSterbenz(n *network) *sterbenz {
	s := &sterbenz{n: n, halfs: map[[2]int]int{}}
	for i, e := range n.nodes {
		if (e.Op != expr.OpFOLe && e.Op != expr.OpFOLt) || !n.provenTrue(i) {
			continue
		}
		l, r := n.kid(i, 0), n.kid(i, 1)
		if b, ok := n.twice(r); ok { // l ≤ fl(2b)
			s.add(l, b, i)
		}
		if a, ok := n.halfOf(l); ok { // fl(a/2) ≤ r
			s.add(a, r, i)
		}
	}
	return s
}

func (s *sterbenz) add(a, b, atom int) {
	if _, ok := s.halfs[[2]int{a, b}]; !ok {
		s.halfs[[2]int{a, b}] = atom
	}
}

// finiteSign reports whether node i is finite, not NaN and of one strict
// sign (+1 or -1; 0 when unknown), with its magnitude range as doubles.
func (n *network) finiteSign(i int) (sign int, lo, hi float64) {
	e := n.nodes[i]
	d := n.dom[i]
	if e.Sort.Kind != expr.FP || e.Sort.FK == arith.F80 || d.NaN || !d.Num {
		return 0, 0, 0
	}
	k := e.Sort.FK
	if kLE(d.Hi, keyMaxFinite(k)) && kLE(keyMinFinite(k), d.Lo) {
		l, h := toFloat(k, valueOf(k, d.Lo)), toFloat(k, valueOf(k, d.Hi))
		switch {
		case kLess(keyPosZero, d.Lo):
			return 1, l, h
		case kLess(d.Hi, keyNegZero):
			return -1, -h, -l
		}
	}
	return 0, 0, 0
}

// exactSub reports whether a − b (exact real) is representable for nodes
// a, b of one kind, and the atoms the proof uses (-1 for the domains).
func (s *sterbenz) exactSub(a, b int) (atoms []int, ok bool) {
	n := s.n
	sa, alo, ahi := n.finiteSign(a)
	sb, blo, bhi := n.finiteSign(b)
	if sa == 0 || sa != sb || n.nodes[a].Sort != n.nodes[b].Sort {
		return nil, false
	}
	// In float64, 2·lo is exact or +Inf; both compare correctly as reals.
	for _, p := range [2][2]int{{a, b}, {b, a}} {
		hiP, loQ := ahi, blo
		if p[0] == b {
			hiP, loQ = bhi, alo
		}
		if hiP <= 2*loQ && !math.IsNaN(hiP) {
			continue
		}
		if sa < 0 {
			return nil, false // atoms are read for positive operands only
		}
		at, ok := s.halfs[p]
		if !ok {
			return nil, false
		}
		atoms = append(atoms, at)
	}
	return atoms, true
}

// sterbenzRewrite returns what node i (an fadd or fsub) equals when its
// operand x ⊖ y is proven exact: x for (x ⊖ y) ⊕ y and y ⊕ (x ⊖ y), y for
// x ⊖ (x ⊖ y). It returns the replacement and the justification: the
// atoms and the nodes whose ranges the proof used.
func (s *sterbenz) rewriteOf(i int) (repl int, atoms, ranged []int, ok bool) {
	n := s.n
	e := n.nodes[i]
	if e.Sort.Kind != expr.FP || (e.Op != expr.OpFAdd && e.Op != expr.OpFSub) {
		return 0, nil, nil, false
	}
	k0, k1 := n.kid(i, 0), n.kid(i, 1)
	try := func(d, other int, wantSecond bool) bool {
		if n.nodes[d].Op != expr.OpFSub {
			return false
		}
		x, y := n.kid(d, 0), n.kid(d, 1)
		want := y
		if wantSecond {
			want = x
		}
		if other != want {
			return false
		}
		as, exact := s.exactSub(x, y)
		if !exact {
			return false
		}
		repl, atoms, ranged = x, as, []int{x, y}
		if wantSecond {
			repl = y
		}
		return true
	}
	if e.Op == expr.OpFAdd {
		if try(k0, k1, false) || try(k1, k0, false) {
			return repl, atoms, ranged, true
		}
		return 0, nil, nil, false
	}
	// x ⊖ (x ⊖ y) = y.
	if try(k1, k0, true) {
		return repl, atoms, ranged, true
	}
	return 0, nil, nil, false
}
