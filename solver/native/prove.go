package native

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Branch-and-prune proof over the input box, for queries with few inputs
// (one to three floats or integers). The labelling of search.label is a
// depth-first split too, but it cannot finish such a proof: on the loop
// programs it is for (Newton or secant steps, nonlinear in one float),
// interval propagation refutes a box of the input only when it is a few
// floats wide (the operands of x + a/x are taken independently, so every
// step adds the input's width again), while one propagation costs
// hundreds of microseconds and the labelling spends four candidate
// evaluations and a propagation per node and tries the midpoint alone
// first. A box of a few thousand floats is refuted far sooner by
// evaluating each of its points with the slice evaluator (a third of a
// microsecond per point on newton_sqrt), which is an exhaustive and
// exact check when the query reads its inputs only through the leaves.
//
// So prove keeps a stack of boxes (a domain per leaf) and, for each:
//   - refutes it by affine forms with noise symbols (zono.go) when they
//     cost less than enumerating it: they follow x + a/x as a function
//     of a, so they refute boxes thousands of floats wide, and while
//     they do, boxes of two or three inputs are split in value rather
//     than in floats;
//   - enumerates it when its points cost no more to evaluate than one
//     propagation (both costs measured as it goes);
//   - else propagates it when the measured rate of refutation makes that
//     pay (a refuted box is dropped, the floats propagation removes are
//     refuted too), and bisects the leaf with the most floats (keys, so
//     the split is at the middle in ulps, not in value).
//
// A point that passes the slice evaluator is validated with
// expr.Evaluator (search.check) and returned as a model. The proof is
// complete only when every box was refuted or enumerated; a box that
// keeps a NaN the propagation does not refute (a NaN has many
// encodings) or an x86_fp80 leaf (pseudo-denormals) ends it unproved.
//
// progress is the share of the proof done: the weights of the boxes
// refuted so far, the root box weighing 1 and each split dividing its
// box's weight between the parts by their numbers of points (the
// product of the leaf domains' float counts), or in halves for a split
// in value (bisect); the caller's budget follows it (see proveUntil).
type prover struct {
	s     *search
	total float64 // points of the root box
	done  float64 // the weights of the boxes refuted or enumerated
	stack []Dom   // boxes, len(leaves) domains each
	// weights holds each box's share of the proof: the root box's is
	// 1, a split divides its box's between the parts.
	weights []float64
	pCost   float64 // work per point evaluation (mean so far)
	prCost  float64 // work per propagation (mean so far)
	pRef    float64 // share of propagations that refute (moving average)
	// enumTime, propTime: the work spent in each (the means' sums).
	enumTime, propTime float64
	nodes              int
	points             int
	// direct[i] lists the nodes to recompute after leaf i's node is
	// given a value directly (its deps minus its own bytes and
	// concatenations); nil for every leaf when some byte is read other
	// than through its leaf, and enumerate writes bytes instead.
	direct [][]int32
	// deps[i] are the nodes eval recomputes when leaf i changes (direct,
	// or feval's through the bytes), allDeps their union in index order;
	// want[node] is 2 (1) for a root that must be true (false), 0 for
	// other nodes; stale is set while an evaluation stopped early.
	deps    [][]int32
	allDeps []int32
	want    []uint8
	stale   bool
	// z refutes boxes by affine forms with noise symbols (zono.go);
	// zCost is its mean cost, zTime its total work, zBoxes the boxes
	// it refuted of zTries.
	z      *zctx
	zCost  float64
	zTime  float64
	zTries int
	zBoxes int
	boxes  int // boxes taken from the stack
}

// pointNodeCost is the work per node of a point: the cost of
// enumerating a box.
const pointNodeCost = wFeval

// proveMaxLeaves bounds the inputs a branch-and-prune proof is tried on:
// beyond three the boxes to refute multiply past any budget.
const proveMaxLeaves = 3

// newProver is the prover of s over the current (propagated) domains, or
// nil when the query is not one it can prove: reads at symbolic indices,
// too many leaves, an x86_fp80 leaf.
func newProver(s *search) *prover {
	if !s.closed || len(s.leaves) == 0 || len(s.leaves) > proveMaxLeaves {
		return nil
	}
	for _, l := range s.leaves {
		if l.fp && l.k == arith.F80 {
			return nil
		}
	}
	if s.pre == nil && !s.noPre {
		s.pre = newFeval(s.n, s.leaves, s.base.clone())
		s.noPre = s.pre == nil
	}
	if s.pre == nil {
		return nil
	}
	// The first guesses (1 µs a point, 1 ms a propagation), replaced by
	// the means as soon as there are some.
	p := &prover{s: s, pCost: WorkPerMs / 1000, prCost: WorkPerMs, pRef: 0.5}
	box := make([]Dom, len(s.leaves))
	for i, l := range s.leaves {
		box[i] = s.n.dom[l.node]
	}
	p.total = points(box)
	p.direct = directDeps(s)
	p.deps = p.direct
	if p.deps == nil {
		p.deps = s.pre.deps
	}
	in := make([]bool, len(s.n.nodes))
	for _, d := range p.deps {
		for _, i := range d {
			in[i] = true
		}
	}
	for i, ok := range in {
		if ok {
			p.allDeps = append(p.allDeps, int32(i))
		}
	}
	p.want = make([]uint8, len(s.n.nodes))
	for j, r := range s.n.roots {
		w := uint8(1)
		if s.roots[j].Want {
			w = 2
		}
		if p.want[r] != 0 && p.want[r] != w {
			return nil // a node wanted both ways: propagation refutes that
		}
		p.want[r] = w
	}
	p.z = newZctx(s, p.allDeps)
	p.zCost = 20e-6
	p.push(box, 1)
	return p
}

// directDeps lists, per leaf, the nodes that depend on the leaf's node
// (in index order), provided each leaf's bytes and concatenations are
// read only within that leaf: then setting the leaf node's value and
// recomputing those nodes is the evaluation of the leaf's bytes, without
// writing them to a model (a quarter of the work on newton_sqrt).
func directDeps(s *search) [][]int32 {
	n := s.n
	out := make([][]int32, len(s.leaves))
	dirty := make([]bool, len(n.nodes))
	for li, l := range s.leaves {
		inner := map[int]bool{}
		var mark func(i int)
		mark = func(i int) {
			inner[i] = true
			for _, k := range n.kids[i] {
				mark(k)
			}
		}
		for _, k := range n.kids[l.node] {
			mark(k)
		}
		for i := range inner {
			for _, p := range n.parents[i] {
				if p != l.node && !inner[p] {
					return nil
				}
			}
		}
		clear(dirty)
		dirty[l.node] = true
		var dep []int32
		for i := l.node + 1; i < len(n.nodes); i++ {
			for _, k := range n.kids[i] {
				if dirty[k] {
					dirty[i] = true
					dep = append(dep, int32(i))
					break
				}
			}
		}
		out[li] = dep
	}
	return out
}

// put gives leaf li the value bits: its node's value directly when
// directDeps allows it, else its bytes in m.
func (p *prover) put(m Model, li int, bits arith.Word) {
	if p.direct != nil {
		p.s.pre.val[p.s.leaves[li].node] = bits
		return
	}
	p.s.leaves[li].assign(m, bits)
}

// eval recomputes, in index order (kids first), the nodes that depend on
// leaf li (on every leaf when li < 0 or the last evaluation stopped
// early), and reports whether every root has its wanted value. It stops
// at the first root that has not: the point fails, and the nodes after
// it are stale until the next full evaluation (the loop programs' path
// conditions come first in the query, so most points stop early).
func (p *prover) eval(li int) bool {
	deps := p.allDeps
	if li >= 0 && !p.stale {
		deps = p.deps[li]
	}
	f := p.s.pre
	p.stale = true
	for _, i := range deps {
		f.node(i)
		if w := p.want[i]; w != 0 && (f.val[i].Lo&1 == 1) != (w == 2) {
			return false
		}
	}
	p.stale = false
	for j, r := range p.s.n.roots {
		if (f.val[r].Lo&1 == 1) != p.s.roots[j].Want {
			return false
		}
	}
	return true
}

// points is the number of inputs in box.
func points(box []Dom) float64 {
	n := 1.0
	for _, d := range box {
		n *= d.size()
	}
	return n
}

// progress is the share of the proof done.
func (p *prover) progress() float64 {
	return p.done
}

// Outcomes of prover.run.
const (
	proveOpen   = iota // stopped (budget) with boxes left
	proveProved        // every box refuted: no solution
	proveFailed        // a box it cannot refute nor enumerate: give up
	proveModel         // a validated model (in prover.model)
)

// run works through the stack until it is empty, a model is found, a box
// cannot be handled, or goOn reports false (checked between boxes and
// during propagation, which then stops early: precision lost, never a
// solution).
func (p *prover) run(goOn func() bool) (int, Model) {
	stopFn := func() bool { return !goOn() }
	s, n := p.s, p.s.n
	k := len(s.leaves)
	for len(p.stack) > 0 {
		if !goOn() {
			return proveOpen, nil
		}
		top := len(p.stack) - k
		box := append([]Dom(nil), p.stack[top:]...)
		p.stack = p.stack[:top]
		w := p.weights[len(p.weights)-1]
		p.weights = p.weights[:len(p.weights)-1]
		p.boxes++
		n.m.box++
		pts := points(box)
		hasNaN := false
		for _, d := range box {
			hasNaN = hasNaN || d.NaN
		}
		if !hasNaN && p.z != nil && pts*p.pCost > 2*p.zCost && (p.zPromising() || p.boxes%16 == 0) {
			// The forms cost less than enumerating the box. They are
			// tried whatever their rate of refutation so far: that
			// depends on the box's width (the linearisation's
			// remainders are quadratic in it), so the wide boxes of
			// the first splits fail where the narrower ones succeed,
			// and a failure costs little beside the propagation or
			// the enumeration that follows it. Once they have
			// refuted too few (zPromising), one box in sixteen keeps
			// checking whether narrower boxes changed that.
			start := n.m.work()
			ref := p.z.refutes(box, s.leaves)
			p.zTime += float64(n.m.work() - start)
			p.zTries++
			p.zCost = p.zTime / float64(p.zTries)
			if ref {
				p.zBoxes++
				p.done += w
				continue
			}
		}
		if !hasNaN && pts*p.pCost > 16*p.zCost && pts*p.pCost <= p.prCost && p.zPromising() {
			// Cheap enough to enumerate, but the halves may be refuted
			// by the forms for less (the remainders shrink with the
			// square of the width).
			p.bisect(box, w)
			continue
		}
		if !hasNaN && (pts <= 1 || pts*p.pCost <= p.prCost) {
			m, ok := p.enumerate(box)
			if m != nil {
				return proveModel, m
			}
			if !ok {
				return proveFailed, nil
			}
			p.done += w
			continue
		}
		if !hasNaN && p.pRef*pts*p.pCost < p.prCost {
			// Propagation would not pay on this box: split it unseen.
			p.bisect(box, w)
			continue
		}
		p.nodes++
		mk := n.mark()
		ok := true
		for i, l := range s.leaves {
			n.set(l.node, box[i], false)
			if n.failed {
				ok = false
				break
			}
		}
		start := n.m.work()
		if ok {
			ok = n.propagate(stopFn)
		}
		el := float64(n.m.work() - start)
		p.propTime += el
		p.prCost = p.propTime / float64(p.nodes)
		ref := 0.0
		if !ok {
			ref = 1
		}
		p.pRef = max(0.8*p.pRef+0.2*ref, 0.01)
		if !ok {
			n.undo(mk)
			p.done += w
			continue
		}
		nb := make([]Dom, k)
		for i, l := range s.leaves {
			nb[i] = n.dom[l.node]
		}
		n.undo(mk)
		left := w * points(nb) / pts
		p.done += w - left
		if !p.split(nb, left) {
			return proveFailed, nil
		}
	}
	return proveProved, nil
}

// zDescent is the number of boxes the forms are tried on before their
// rate of refutation counts: a depth-first descent reaches a width they
// decide within a few dozen splits.
const zDescent = 64

// zPatience bounds the work the prover waits out a stall of its
// progress while the forms refute boxes (3 s of the reference machine).
const zPatience = 3000 * WorkPerMs

// zPromising reports that the forms refute boxes often enough to split
// boxes for them rather than enumerate: always in the first tries (a
// depth-first descent reaches a width the forms decide within a few
// dozen splits), then while at least one try in fifty refutes.
func (p *prover) zPromising() bool {
	return p.z != nil && (p.zTries < zDescent || 50*p.zBoxes >= p.zTries)
}

// split pushes the parts of a box propagation did not refute: the NaN
// parts of its leaves apart from the numbers, else its two halves. It
// reports false for a box of NaN-only leaves (not enumerable).
func (p *prover) split(box []Dom, w float64) bool {
	for i, d := range box {
		if !d.NaN {
			continue
		}
		if !d.Num {
			// Propagation kept a NaN input: its encodings are many, so
			// evaluating one proves nothing of the others.
			return false
		}
		a := append([]Dom(nil), box...)
		a[i] = Dom{NaN: true}
		b := append([]Dom(nil), box...)
		b[i] = Dom{Lo: d.Lo, Hi: d.Hi, Num: true}
		pa, pb := points(a), points(b)
		p.push(a, w*pa/(pa+pb))
		p.push(b, w*pb/(pa+pb))
		return true
	}
	p.bisect(box, w)
	return true
}

// bisect pushes the two halves of box, split at the middle key of the
// leaf with the most values — or, while the forms refute boxes of two or
// three inputs, at the middle value of the widest (valueSplit); one
// input keeps the middle key, which halves what an enumeration would
// cost — upper half first, so the lower is taken first.
func (p *prover) bisect(box []Dom, w float64) {
	best, bestSize := 0, -1.0
	for i, d := range box {
		if sz := d.size(); sz > bestSize {
			best, bestSize = i, sz
		}
	}
	if bestSize <= 1 {
		// One point (run enumerates it).
		p.push(box, w)
		return
	}
	d := box[best]
	v := kMid(d.Lo, d.Hi)
	byValue := false
	if p.zPromising() && len(box) > 1 {
		if i, mid, ok := p.valueSplit(box); ok {
			best, d, v, byValue = i, box[i], mid, true
		}
	}
	hi := append([]Dom(nil), box...)
	hi[best] = Dom{Lo: kAdd(v, 1), Hi: d.Hi, Num: true}
	lo := box
	lo[best] = Dom{Lo: d.Lo, Hi: v, Num: true}
	// The halves' weights: their shares of the points, or halves of the
	// weight for a split in value (whose halves hold very unequal
	// numbers of floats: the progress then follows the splits the
	// proof makes, not the floats of the far-from-zero half alone).
	wh := w * hi[best].size() / d.size()
	if byValue {
		wh = w / 2
	}
	p.push(hi, wh)
	p.push(lo, w-wh)
}

// push puts a box and its weight (its share of the proof) on the stack.
func (p *prover) push(box []Dom, w float64) {
	p.stack = append(p.stack, box...)
	p.weights = append(p.weights, w)
}

// enumerate evaluates every point of box (numbers only, at least one
// value per leaf) with the slice evaluator, an odometer over the leaves'
// keys. It returns a model validated by search.check, or ok false when
// the slice evaluator accepted a point that check rejected (the two
// evaluators disagree: no proof can be claimed).
func (p *prover) enumerate(box []Dom) (Model, bool) {
	s := p.s
	f := s.pre
	m := s.base.clone()
	f.m = m
	cur := make([]arith.Word, len(box))
	for i := range box {
		cur[i] = box[i].Lo
		s.leaves[i].assign(m, s.leaves[i].bitsOf(cur[i]))
	}
	f.full()
	for i := range box {
		p.put(m, i, s.leaves[i].bitsOf(cur[i]))
	}
	start := s.n.m.work()
	count := 0
	changed := -1 // the one leaf changed since the last point, or -1: all
	for {
		count++
		if p.eval(changed) {
			for i := range box {
				s.leaves[i].assign(m, s.leaves[i].bitsOf(cur[i]))
			}
			if s.check(m.clone()) {
				return m, true
			}
			return nil, false
		}
		// Next point: advance the first leaf not at its end.
		i := 0
		for ; i < len(box); i++ {
			if cur[i] != box[i].Hi {
				cur[i] = kAdd(cur[i], 1)
				p.put(m, i, s.leaves[i].bitsOf(cur[i]))
				break
			}
			cur[i] = box[i].Lo
			p.put(m, i, s.leaves[i].bitsOf(cur[i]))
		}
		if i == len(box) {
			break
		}
		changed = i
		if i > 0 {
			changed = -1
		}
	}
	p.points += count
	p.enumTime += float64(s.n.m.work() - start)
	p.pCost = p.enumTime / float64(p.points)
	return nil, true
}

// lateChecks is the number of consecutive checks at which the prover's
// projected end lies beyond its budget before it gives up.
const lateChecks = 4

// proveTrace, when set (by a measuring test), is told the work spent and
// the refuted share at each of proveUntil's checks.
var proveTrace func(int64, float64)

// proveUntil runs the prover with a budget that follows its progress:
// after a warm-up it goes on only while the projected end — the share
// left over the rate of the recent half of the work since progress began
// (the first boxes are propagations of wide boxes that refute nothing,
// and the measured costs settle the split between propagation and
// enumeration as it goes) — is within the budget's end. It stops when no
// progress was made in the warm-up (a query whose boxes neither refute
// nor get small enough to enumerate), at end, or when the outer cap
// fires. Everything is counted in work (work.go): the outcome does not
// depend on the machine's load. It reports the outcome and a model
// (proveModel).
func (p *prover) proveUntil(end, warmup int64) (int, Model) {
	m := p.s.n.m
	start := m.work()
	next := start + warmup
	type sample struct {
		w int64
		f float64
	}
	var hist []sample // (work, progress) at each check since progress began
	late := 0
	return p.run(func() bool {
		if p.s.expired() {
			return false
		}
		now := m.work()
		if now < next {
			return true
		}
		next = now + warmup/4
		f := p.progress()
		if proveTrace != nil {
			proveTrace(now-start, f)
		}
		if p.z != nil && p.zTries < zDescent {
			// The forms' first descent: they refute nothing until
			// the boxes are narrow enough, and then much at once.
			return true
		}
		if f <= 0 {
			return false // no progress in the warm-up
		}
		hist = append(hist, sample{now, f})
		if len(hist) < 3 {
			return true
		}
		// The sample at the middle of the history: the rate since then.
		old := hist[len(hist)/2]
		if f <= old.f {
			// While the forms refute, progress comes in bursts (a
			// descent into a corner refutes nothing until its boxes
			// are narrow, then most of them): a stall is waited out
			// for a quarter of the budget, at most zPatience.
			if p.zPromising() && now-start < min((end-start)/4, zPatience) {
				return true
			}
			return false
		}
		rate := (f - old.f) / float64(now-old.w)
		if (1-f)/rate <= float64(end-now) {
			late = 0
			return true
		}
		// The projection is that of a window: the prover gives up when
		// it has been late at lateChecks checks in a row.
		late++
		return late < lateChecks
	})
}

// Prove tries the branch-and-prune proof (prover) on roots, with a
// budget that follows its progress: it stops at budget.Work, at the
// outer cap, or as soon as its projected end lies beyond budget.Work
// (after a warm-up of a tenth of it, at most 100 ms of work). It answers
// UNSAT when every box was refuted, SAT with a model validated by
// expr.Evaluator, else UNKNOWN (Capped when the outer cap stopped it).
// Progress reports the refuted share of the input's points.
func Prove(roots []Root, arrays []*expr.Array, budget Budget) (Answer, float64) {
	a, p := proveQuery(roots, arrays, budget)
	if a.Result == Unsat {
		return a, 1
	}
	if p == nil {
		return a, 0
	}
	return a, p.progress()
}

// proveQuery is Prove with the prover (nil when none was run).
func proveQuery(roots []Root, arrays []*expr.Array, budget Budget) (Answer, *prover) {
	return proveQueryForms(roots, arrays, budget, true)
}

// proveQueryForms is proveQuery, with the affine forms' refutations
// (zono.go) or without them (tests of the enumeration).
func proveQueryForms(roots []Root, arrays []*expr.Array, budget Budget, forms bool) (Answer, *prover) {
	m := newMeter(budget)
	a, p := proveOn(roots, arrays, budget.Work, m, forms)
	a.Work, a.Capped, a.Rules = m.work(), m.capped, m.rules.list()
	return a, p
}

// proveOn is proveQueryForms on meter m.
func proveOn(roots []Root, arrays []*expr.Array, work int64, m *meter, forms bool) (Answer, *prover) {
	es := make([]*expr.Expr, len(roots))
	for i, r := range roots {
		es[i] = r.E
		if r.E.IsConst() && r.E.IsTrue() != r.Want {
			return Answer{Result: Unsat, Propagated: true, By: ByConstant}, nil
		}
	}
	n := newNetwork(es)
	n.m = m
	if l := n.findLeaves(); len(l) == 0 || len(l) > proveMaxLeaves {
		return Answer{}, nil // before the propagation: not a query for the prover
	}
	end := m.work() + work
	n.queueAll()
	for i, r := range roots {
		n.set(n.roots[i], boolDom(!r.Want, r.Want), false)
	}
	if !n.propagate(m.until(end)) {
		return Answer{Result: Unsat, Propagated: true, By: ByPropagation}, nil
	}
	s := newSearch(n, roots, arrays, end, 1)
	p := newProver(s)
	if p == nil {
		return Answer{}, nil
	}
	if !forms {
		p.z = nil
	}
	warmup := min(work/10, 100*WorkPerMs)
	if p.total*float64(len(p.allDeps))*pointNodeCost > float64(work) {
		// Enumerating the whole box would not end within the budget:
		// only propagation could prove it, and on such queries it
		// mostly does not. A short warm-up, for the SMT backends'
		// sake, on every hard query.
		warmup = min(warmup, 20*WorkPerMs)
	}
	switch r, mod := p.proveUntil(end, warmup); r {
	case proveProved:
		return Answer{Result: Unsat, By: ByProof}, p
	case proveModel:
		return Answer{Result: Sat, Model: mod}, p
	}
	return Answer{}, p
}

// valueSplit picks, for the forms, the float leaf with the widest range
// of values and the key of its middle value: the forms' remainders
// follow the widths in value, which the middle key does not halve (the
// middle key of (0, 1] is about 2^-63).
func (p *prover) valueSplit(box []Dom) (int, arith.Word, bool) {
	best, bestW := -1, 0.0
	var mid arith.Word
	for i, d := range box {
		l := p.s.leaves[i]
		if !l.fp || d.NaN || d.size() < 2 || !zKind(expr.FPSort(l.k)) {
			continue
		}
		lo, hi := toFloat(l.k, valueOf(l.k, d.Lo)), toFloat(l.k, valueOf(l.k, d.Hi))
		w := hi - lo
		if math.IsInf(w, 0) || math.IsNaN(w) || w <= bestW {
			continue
		}
		m := lo/2 + hi/2
		var k arith.Word
		if l.k == arith.F32 {
			k, _ = keyOf(l.k, arith.FromFloat32(float32(m)))
		} else {
			k, _ = keyOf(l.k, arith.FromFloat64(m))
		}
		if kLess(k, d.Lo) || !kLess(k, d.Hi) {
			continue
		}
		best, bestW, mid = i, w, k
	}
	return best, mid, best >= 0
}
