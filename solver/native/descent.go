package native

import (
	"math"
	"math/bits"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// fit is the fitness-guided local search (XSat, goSAT, JFS): the
// objective is the sum over violated roots of how far each is from
// holding (feval.dist: floats between the two sides of an FP comparison,
// integer steps for a bit-vector one), minimised over the leaves' keys.
// Ordering keys make ulp steps and exponent-scale steps (key ± 2^j) the
// same move; restarts and kicks leave local minima. A point of fitness
// zero is returned only after search.check has evaluated the whole query
// with expr.Evaluator.
type fit struct {
	s     *search
	f     *feval
	roots []int
	want  []bool
	doms  []Dom          // per leaf: the domain searched (numbers only)
	keys  []arith.Word   // per leaf: the current key (FP) or value (BV)
	pool  [][]arith.Word // per leaf: interesting keys in its domain
	width []int          // per leaf: bit length of its domain's span
	fixed []bool         // per leaf: one value only (or NaN only)
	cur   float64
}

// newFit prepares the search over the leaves' domains doms (indexed by
// node); nil when the query is not one feval handles.
func (s *search) newFit(doms []Dom) *fit {
	m := s.base.clone()
	f := newFeval(s.n, s.leaves, m)
	if f == nil || len(s.leaves) == 0 {
		return nil
	}
	t := &fit{s: s, f: f}
	for i, r := range s.roots {
		t.roots = append(t.roots, s.n.roots[i])
		t.want = append(t.want, r.Want)
	}
	consts := s.queryConsts()
	for i := range s.leaves {
		l := &s.leaves[i]
		d := doms[l.node]
		t.doms = append(t.doms, Dom{Lo: d.Lo, Hi: d.Hi, Num: d.Num})
		t.keys = append(t.keys, d.Lo)
		t.fixed = append(t.fixed, !d.Num || d.Lo == d.Hi)
		t.width = append(t.width, bitLen(arith.Sub(d.Hi, d.Lo, 128)))
		t.pool = append(t.pool, s.interestingKeys(l, d, consts))
		if !d.Num {
			l.assign(m, s.pick(l, d, 0))
		} else {
			l.assign(m, l.bitsOf(d.Lo))
		}
	}
	f.full()
	t.cur = t.fitness()
	return t
}

func bitLen(w arith.Word) int {
	if w.Hi != 0 {
		return 64 + bits.Len64(w.Hi)
	}
	return bits.Len64(w.Lo)
}

func (t *fit) fitness() float64 { return t.f.fitness(t.roots, t.want) }

// set gives leaf i key k and updates the nodes depending on it.
func (t *fit) set(i int, k arith.Word) {
	t.keys[i] = k
	l := &t.s.leaves[i]
	l.assign(t.f.m, l.bitsOf(k))
	t.f.update(i)
}

// setAll gives every movable leaf its key in ks.
func (t *fit) setAll(ks []arith.Word) {
	for i, k := range ks {
		if t.fixed[i] {
			continue
		}
		t.keys[i] = k
		l := &t.s.leaves[i]
		l.assign(t.f.m, l.bitsOf(k))
	}
	t.f.full()
	t.cur = t.fitness()
}

// step moves key k by ±2^j within d (clamped to its ends).
func step(d Dom, k arith.Word, j int, up bool) arith.Word {
	s := arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(j)}, 128)
	if up {
		if kLess(arith.Sub(d.Hi, k, 128), s) {
			return d.Hi
		}
		return arith.Add(k, s, 128)
	}
	if kLess(arith.Sub(k, d.Lo, 128), s) {
		return d.Lo
	}
	return arith.Sub(k, s, 128)
}

// model validates the current point: the whole query under
// expr.Evaluator.
func (t *fit) model() Model {
	m := t.f.m.clone()
	if t.s.check(m) {
		return m
	}
	return nil
}

// descend improves the current point until a local minimum (or a
// validated model, or the deadline).
func (t *fit) descend() Model {
	for !t.s.expired() {
		if t.cur == 0 {
			return t.model()
		}
		improved := false
		for _, i := range t.s.rng.Perm(len(t.keys)) {
			if t.fixed[i] {
				continue
			}
			if t.moveLeaf(i) {
				improved = true
			}
			if t.cur == 0 {
				break
			}
		}
		if t.cur > 0 && t.joint() {
			improved = true
		}
		if t.cur > 0 && t.copyMoves() {
			improved = true
		}
		if !improved {
			if t.cur == 0 {
				return t.model()
			}
			return nil
		}
	}
	if t.cur == 0 {
		// Reached as the deadline passed: still worth the validation.
		return t.model()
	}
	return nil
}

// moveLeaf tries leaf i at ±2^j key steps and at a sample of its
// interesting keys, keeping the best point.
func (t *fit) moveLeaf(i int) bool {
	old, d := t.keys[i], t.doms[i]
	bestK, bestF := old, t.cur
	try := func(k arith.Word) {
		if k == old || !d.contains(k) {
			return
		}
		t.s.evals++
		t.set(i, k)
		if v := t.fitness(); v < bestF {
			bestK, bestF = k, v
		}
	}
	for j := 0; j < t.width[i] && bestF > 0; j++ {
		try(step(d, old, j, true))
		try(step(d, old, j, false))
	}
	if p := t.pool[i]; len(p) > 0 {
		for n := 0; n < 12 && bestF > 0; n++ {
			try(p[t.s.rng.Intn(len(p))])
		}
	}
	t.set(i, bestK)
	if bestF < t.cur {
		t.cur = bestF
		return true
	}
	return false
}

// joint moves every movable FP leaf by the same key step: it keeps the
// leaves' relative positions in floats (x and its successor stay
// neighbours) while changing their scale.
func (t *fit) joint() bool {
	var mv []int
	w := 0
	for i := range t.keys {
		if !t.fixed[i] && t.s.leaves[i].fp {
			mv = append(mv, i)
			w = max(w, t.width[i])
		}
	}
	if len(mv) < 2 {
		return false
	}
	old := append([]arith.Word(nil), t.keys...)
	oldF := t.cur
	best, bestF := old, t.cur
	cand := make([]arith.Word, len(old))
	for j := 0; j < w && bestF > 0; j++ {
		for _, up := range []bool{true, false} {
			copy(cand, old)
			for _, i := range mv {
				cand[i] = step(t.doms[i], old[i], j, up)
			}
			t.s.evals++
			t.setAll(cand)
			if t.cur < bestF {
				best, bestF = append([]arith.Word(nil), cand...), t.cur
			}
		}
	}
	t.setAll(best)
	return bestF < oldF
}

// copyMoves places a leaf next to another FP leaf of its kind (its key
// −2 … +2): relations such as x < y ≤ x + 2 between inputs are hard to
// reach by moving one leaf at a time from a random start.
func (t *fit) copyMoves() bool {
	improved := false
	for i := range t.keys {
		if t.fixed[i] || !t.s.leaves[i].fp {
			continue
		}
		old, d := t.keys[i], t.doms[i]
		bestK, bestF := old, t.cur
		for j := range t.keys {
			if j == i || !t.s.leaves[j].fp || t.s.leaves[j].k != t.s.leaves[i].k {
				continue
			}
			for _, off := range []int{-2, -1, 1, 2} {
				k := kAdd(t.keys[j], uint64(off))
				if off < 0 {
					k = kSub(t.keys[j], uint64(-off))
				}
				if k == old || !d.contains(k) {
					continue
				}
				t.s.evals++
				t.set(i, k)
				v := t.fitness()
				if v < bestF {
					bestK, bestF = k, v
					continue
				}
				if t.compound(i, old, v) {
					return true
				}
			}
		}
		t.set(i, bestK)
		if bestF < t.cur {
			t.cur, improved = bestF, true
		}
	}
	return improved
}

// compound follows the copy move just made (leaf i moved from old, the
// point has fitness v, no better than before) by the joint moves: two
// leaves that must stay neighbours in floats while their scale changes
// (a bisection stuck where the spacing exceeds its tolerance) need both.
// It keeps the result when it beats the point before the copy move, else
// restores that point.
func (t *fit) compound(i int, old arith.Word, v float64) bool {
	before := t.cur
	saved := append([]arith.Word(nil), t.keys...)
	saved[i] = old
	t.cur = v
	if t.joint() && t.cur < before {
		return true
	}
	// joint may have moved every leaf: restore them all.
	t.setAll(saved)
	return false
}

// randomStart puts every movable leaf at a random interesting key (or a
// random key of its domain).
func (t *fit) randomStart() {
	ks := append([]arith.Word(nil), t.keys...)
	for i := range ks {
		if t.fixed[i] {
			continue
		}
		ks[i] = t.randomKey(i)
	}
	t.setAll(ks)
}

func (t *fit) randomKey(i int) arith.Word {
	if p := t.pool[i]; len(p) > 0 && t.s.rng.Intn(4) != 0 {
		return p[t.s.rng.Intn(len(p))]
	}
	return t.s.randomKeyIn(t.doms[i])
}

// kick moves one or two leaves of the local minimum elsewhere (basin
// hopping).
func (t *fit) kick() {
	ks := append([]arith.Word(nil), t.keys...)
	for n := 0; n < 1+t.s.rng.Intn(2); n++ {
		i := t.s.rng.Intn(len(ks))
		if !t.fixed[i] {
			ks[i] = t.randomKey(i)
		}
	}
	t.setAll(ks)
}

// run searches until the deadline: descents from the simple starts
// (nearest zero, low ends, high ends, middles), then from kicked minima
// and random starts.
func (t *fit) run(startsOnly bool) Model {
	if m := t.corners(); m != nil {
		return m
	}
	for how := 0; how < 4 && !t.s.expired(); how++ {
		ks := make([]arith.Word, len(t.keys))
		for i := range ks {
			l, d := &t.s.leaves[i], t.doms[i]
			if !t.fixed[i] {
				ks[i] = t.s.pickKey(l, d, how)
			}
		}
		t.setAll(ks)
		if m := t.descend(); m != nil {
			return m
		}
	}
	if startsOnly {
		return nil
	}
	for n := 0; !t.s.expired(); n++ {
		if n%4 == 3 {
			t.randomStart()
		} else {
			t.kick()
		}
		if m := t.descend(); m != nil {
			return m
		}
	}
	return nil
}

// corners tries the combinations of the leaves' simple values (nearest
// zero, low end, high end; at most 81 points) and descends from the best:
// models often sit at one leaf's low end and another's high end (a large
// b absorbing a small c), which the uniform starts do not combine.
func (t *fit) corners() Model {
	var mv []int
	for i := range t.keys {
		if !t.fixed[i] {
			mv = append(mv, i)
		}
	}
	if len(mv) < 2 || len(mv) > 4 {
		return nil
	}
	n := 1
	for range mv {
		n *= 3
	}
	ks := append([]arith.Word(nil), t.keys...)
	var best []arith.Word
	bestF := math.Inf(1)
	for c := 0; c < n && !t.s.expired(); c++ {
		x := c
		for _, i := range mv {
			ks[i] = t.s.pickKey(&t.s.leaves[i], t.doms[i], x%3)
			x /= 3
		}
		t.s.evals++
		t.setAll(ks)
		if t.cur == 0 {
			if m := t.model(); m != nil {
				return m
			}
		}
		if t.cur < bestF {
			best, bestF = append([]arith.Word(nil), ks...), t.cur
		}
	}
	if best == nil {
		return nil
	}
	t.setAll(best)
	return t.descend()
}

// queryConsts lists the distinct FP and integer constants of the query.
func (s *search) queryConsts() []*expr.Expr {
	var out []*expr.Expr
	seen := map[*expr.Expr]bool{}
	for _, e := range s.n.nodes {
		if e.Op == expr.OpConst && e.Sort.Kind != expr.Bool && !seen[e] && len(out) < 64 {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}
