package native

import (
	"math"
	"math/rand"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// search looks for a model: labelling by domain splitting (FPSE: the
// variable is split at the value halving its number of floats, trying
// x = v, then x < v, then x > v), then a local search over the narrowed
// domains. Every candidate is checked by evaluating the whole query with
// expr.Evaluator (package arith); only a candidate that makes every root
// true is returned.
type search struct {
	n      *network
	roots  []Root
	leaves []leaf
	// until is the work (n.m's units) at which the current phase ends.
	until int64
	rng   *rand.Rand
	base  Model
	evals int
	nodes int
	// closed: the query reads inputs only through the leaves (no
	// symbolic-index reads), so fixed leaves fix every root's value.
	closed bool
	// pre screens candidates for check (nil until first used; noPre
	// when the query has reads feval cannot evaluate).
	pre   *feval
	noPre bool
	// selectors are the ite selectors split before the leaves
	// (selsplit.go).
	selectors []int
}

// newSearch is the search over network n for roots: arrays without
// initial contents start as zero bytes in the base model.
func newSearch(n *network, roots []Root, arrays []*expr.Array, until int64, seed int64) *search {
	base := Model{}
	for _, a := range arrays {
		if a.Init == nil {
			base[a] = make([]byte, a.Size)
		}
	}
	s := &search{n: n, roots: roots, leaves: n.findLeaves(), until: until,
		rng: rand.New(rand.NewSource(seed)), base: base, closed: true, selectors: n.findSelectors()}
	for _, e := range n.nodes {
		if e.Op == expr.OpRead && !constRead(e) {
			s.closed = false
		}
	}
	return s
}

// expired reports that the phase's work is spent or the outer cap fired.
func (s *search) expired() bool { return s.n.m.work() >= s.until || s.n.m.out() }

// check evaluates the query under m. The slice evaluator rejects most
// candidates first (no map, no allocation); a candidate it accepts is
// validated with expr.Evaluator, the only judge of a model.
func (s *search) check(m Model) bool {
	s.evals++
	if s.pre == nil && !s.noPre {
		s.pre = newFeval(s.n, s.leaves, m)
		s.noPre = s.pre == nil
	}
	if s.pre != nil {
		s.pre.m = m
		s.pre.full()
		for i, r := range s.roots {
			if (s.pre.val[s.n.roots[i]].Lo&1 == 1) != r.Want {
				return false
			}
		}
	}
	s.n.m.check += int64(len(s.n.nodes))
	ev := expr.NewEvaluator(m)
	for _, r := range s.roots {
		if ev.True(r.E) != r.Want {
			return false
		}
	}
	return true
}

// pick is a value of leaf l's domain by strategy: 0 simplest (the value
// nearest zero), 1 low end, 2 high end, 3 middle.
func (s *search) pick(l *leaf, d Dom, how int) arith.Word {
	if !d.Num {
		if l.fp {
			return expr.CanonicalBits(l.k, arith.Word{Lo: ^uint64(0), Hi: 0xffff})
		}
		return arith.Word{}
	}
	return l.bitsOf(s.pickKey(l, d, how))
}

// pickKey is pick's key (d has numbers).
func (s *search) pickKey(l *leaf, d Dom, how int) arith.Word {
	switch how {
	case 1:
		return d.Lo
	case 2:
		return d.Hi
	case 3:
		return kMid(d.Lo, d.Hi)
	}
	if l.fp {
		return kMin(kMax(keyPosZero, d.Lo), d.Hi)
	}
	return d.Lo
}

// candidate builds the model that gives every leaf a value of its
// current domain by strategy how.
func (s *search) candidate(how int) Model {
	m := s.base.clone()
	for i := range s.leaves {
		l := &s.leaves[i]
		l.assign(m, s.pick(l, s.n.dom[l.node], how))
	}
	return m
}

// quick tries the strategies on the current domains.
func (s *search) quick() Model {
	for how := 0; how < 4; how++ {
		if m := s.candidate(how); s.check(m) {
			return m
		}
	}
	return nil
}

// label is the depth-first labelling. It returns a model, or nil with
// proved set when every branch of the subtree ended in an empty domain
// (a proof of no solution, since propagation prunes none), or when the
// subtree's every leaf is a single value that fails and the query reads
// inputs only through those leaves.
func (s *search) label(depth int) (Model, bool) {
	s.nodes++
	if m := s.quick(); m != nil {
		return m, false
	}
	if s.expired() || depth > 400 {
		return nil, false
	}
	if node, cases := s.selectorCases(); node >= 0 {
		return s.labelCases(node, cases, depth)
	}
	// The leaf with the most values left.
	best, bestSize := -1, 1.0
	for i := range s.leaves {
		if sz := s.n.dom[s.leaves[i].node].size(); sz > bestSize {
			best, bestSize = i, sz
		}
	}
	if best < 0 {
		// Every leaf is one value and it failed: a proof only when
		// those values fix every input byte.
		return nil, s.closed && s.bytesFixed()
	}
	node := s.leaves[best].node
	d := s.n.dom[node]
	if !d.Num { // NaN only: not one encoding
		return nil, false
	}
	var tries []Dom
	if d.NaN {
		tries = append(tries, Dom{Lo: d.Lo, Hi: d.Hi, Num: true}, Dom{NaN: true})
	} else {
		v := kMid(d.Lo, d.Hi)
		tries = append(tries, Dom{Lo: v, Hi: v, Num: true})
		if kLess(d.Lo, v) {
			tries = append(tries, Dom{Lo: d.Lo, Hi: kSub(v, 1), Num: true})
		}
		if kLess(v, d.Hi) {
			tries = append(tries, Dom{Lo: kAdd(v, 1), Hi: d.Hi, Num: true})
		}
	}
	return s.labelCases(node, tries, depth)
}

// labelCases labels each case of node in turn: a model from the first
// that has one, or proved when every case's subtree was refuted (the
// cases must cover node's domain).
func (s *search) labelCases(node int, tries []Dom, depth int) (Model, bool) {
	proved := true
	for _, t := range tries {
		mk := s.n.mark()
		s.n.set(node, t, false)
		if s.n.propagate(s.expired) {
			m, p := s.label(depth + 1)
			if m != nil {
				return m, false
			}
			proved = proved && p
		}
		s.n.undo(mk)
		if s.expired() {
			return nil, false
		}
	}
	return nil, proved
}

// bytesFixed reports that every leaf is one value with one encoding: not
// NaN (payloads and signs differ) and not x86_fp80 (pseudo-denormals share
// values with normals).
func (s *search) bytesFixed() bool {
	for _, l := range s.leaves {
		d := s.n.dom[l.node]
		if !d.Point() || (l.fp && l.k == arith.F80) {
			return false
		}
	}
	return true
}

// local is the local search over the root domains: boundary values,
// simple values (small integers, powers of two, zeros), their ulp
// neighbours and random values, leaf by leaf around the best candidate.
func (s *search) local(doms []Dom) Model {
	vals := make([][]arith.Word, len(s.leaves))
	for i := range s.leaves {
		vals[i] = s.interesting(&s.leaves[i], doms[s.leaves[i].node])
	}
	cur := make([]arith.Word, len(s.leaves))
	build := func() Model {
		m := s.base.clone()
		for i := range s.leaves {
			s.leaves[i].assign(m, cur[i])
		}
		return m
	}
	for !s.expired() {
		for i := range s.leaves {
			if len(vals[i]) == 0 {
				continue
			}
			cur[i] = vals[i][s.rng.Intn(len(vals[i]))]
			if s.rng.Intn(4) == 0 {
				cur[i] = s.randomIn(&s.leaves[i], doms[s.leaves[i].node])
			}
		}
		if m := build(); s.check(m) {
			return m
		}
		// Vary one leaf at a time through its interesting values.
		for i := range s.leaves {
			keep := cur[i]
			for _, v := range vals[i] {
				cur[i] = v
				if m := build(); s.check(m) {
					return m
				}
			}
			cur[i] = keep
			if s.expired() {
				return nil
			}
		}
	}
	return nil
}

// interesting lists a leaf's candidate values within d.
func (s *search) interesting(l *leaf, d Dom) []arith.Word {
	if !d.Num {
		return []arith.Word{s.pick(l, d, 0)}
	}
	ks := s.interestingKeys(l, d, nil)
	out := make([]arith.Word, len(ks))
	for i, k := range ks {
		out[i] = l.bitsOf(k)
	}
	return out
}

// interestingKeys lists a leaf's candidate keys (values for integers)
// within d (which has numbers): its ends and middle, simple values, the
// powers of two (all of them in d when there are few, else those of
// moderate exponent) and the precision boundaries 2^(p-1), 2^p, 2^(p+1)
// where adding 1 starts to round, the query's own constants converted to
// the leaf's kind, each with its neighbours by one and two ulps.
func (s *search) interestingKeys(l *leaf, d Dom, consts []*expr.Expr) []arith.Word {
	var out []arith.Word
	seen := map[arith.Word]bool{}
	add := func(key arith.Word) {
		s.n.m.apply++
		if d.contains(key) && !seen[key] {
			seen[key] = true
			out = append(out, key)
		}
	}
	near := func(key arith.Word) {
		add(key)
		add(kAdd(key, 1))
		add(kSub(key, 1))
		add(kAdd(key, 2))
		add(kSub(key, 2))
	}
	for _, k := range []arith.Word{d.Lo, d.Hi, kMid(d.Lo, d.Hi), kAdd(d.Lo, 1), kSub(d.Hi, 1)} {
		add(k)
	}
	if !l.fp {
		for _, x := range []uint64{0, 1, 2, 3, 7, 8, 10, 16, 100, 255, 256, 1000} {
			add(arith.Word{Lo: x})
		}
		w := 8 * len(l.bytes)
		for _, c := range consts {
			if c.Sort.Kind == expr.BV && int(c.Sort.W) <= w {
				v := c.Val
				add(v)
				add(arith.Truncate(kAdd(v, 1), w))
				add(arith.Truncate(kSub(v, 1), w))
			}
		}
		return out
	}
	conv := func(x float64) (arith.Word, bool) {
		return keyOf(l.k, convFloat(l.k, x))
	}
	for _, x := range []float64{0, 1, -1, 2, -2, 0.5, -0.5, 3, 10, -10, 100, 1000, 1e6, 0.1, 1e-30, 1e30} {
		if key, ok := conv(x); ok {
			near(key)
		}
	}
	// Powers of two and precision boundaries, both signs.
	p := l.k.Precision()
	lo, hi := powerRange(l.k, d)
	for _, e := range []int{p - 1, p, p + 1} {
		for _, sg := range []float64{1, -1} {
			if key, ok := keyOf(l.k, powTwo(l.k, e, sg)); ok {
				near(key)
			}
		}
	}
	for e := lo; e <= hi; e++ {
		if e < -64 && e < hi-160 {
			// Far below the domain's largest magnitudes: only a window
			// of moderate exponents (the key steps of the descent reach
			// the rest).
			e = min(-64, hi-160)
		}
		for _, sg := range []float64{1, -1} {
			v := powTwo(l.k, e, sg)
			if key, ok := keyOf(l.k, v); ok && d.contains(key) {
				add(key)
				add(kAdd(key, 1))
				add(kSub(key, 1))
			}
		}
	}
	for _, c := range consts {
		if c.Sort.Kind != expr.FP {
			continue
		}
		v := c.Val
		if c.Sort.FK != l.k {
			v = convKind(c.Sort.FK, l.k, v)
		}
		if key, ok := keyOf(l.k, v); ok {
			near(key)
			near(keyNeg(key))
		}
	}
	for _, k := range []arith.Word{keyNegZero, keyPosMinSub, keyNegMinSub, keyMaxFinite(l.k), keyMinFinite(l.k), keyPosInf(l.k), keyNegInf(l.k)} {
		add(k)
	}
	return out
}

// powerRange is the range of exponents e with 2^e of kind k possibly in
// d: from the smallest subnormal's up to the largest magnitude of d.
func powerRange(k arith.Kind, d Dom) (int, int) {
	// From the least subnormal 2^(emin−p+1) to the greatest binade's
	// 2^emax (emax = 1 − emin).
	p, emin := k.Precision(), k.MinExp()
	lo, hi := emin-p+1, 1-emin
	m := math.Max(math.Abs(toFloat(k, valueOf(k, d.Lo))), math.Abs(toFloat(k, valueOf(k, d.Hi))))
	if !math.IsInf(m, 0) && !math.IsNaN(m) {
		_, e := math.Frexp(m)
		hi = min(hi, e)
	}
	return lo, hi
}

// powTwo is sg·2^e in kind k (0 or ±INF outside its range).
func powTwo(k arith.Kind, e int, sg float64) arith.Word {
	if k == arith.F80 {
		if e < -16445 || e > 16383 {
			return arith.F80FromFloat64(0)
		}
		// 1.0 × 2^e: integer bit set, biased exponent e + 16383 (or a
		// denormal below -16382).
		if e >= -16382 {
			w := arith.Word{Lo: 1 << 63, Hi: uint64(e + 16383)}
			if sg < 0 {
				w.Hi |= 0x8000
			}
			return w
		}
		w := arith.Word{Lo: 1 << uint(63-(-16382-e))}
		if sg < 0 {
			w.Hi |= 0x8000
		}
		return w
	}
	if e < -1100 || e > 1100 {
		return convFloat(k, 0)
	}
	return convFloat(k, sg*math.Ldexp(1, e))
}

// convFloat is the double x in kind k (rounded to nearest).
func convFloat(k arith.Kind, x float64) arith.Word {
	w := arith.FromFloat64(x)
	switch k {
	case arith.F32:
		return arith.FPTrunc(arith.F64, arith.F32, arith.NearestEven, w)
	case arith.F64:
		return w
	}
	return arith.F80FromFloat64(x)
}

// convKind converts v of kind from to kind to (rounded to nearest).
func convKind(from, to arith.Kind, v arith.Word) arith.Word {
	if to.Bits() > from.Bits() {
		return arith.FPExt(from, to, v)
	}
	return arith.FPTrunc(from, to, arith.NearestEven, v)
}

// randomIn is a random value of d: the bits of randomKeyIn.
func (s *search) randomIn(l *leaf, d Dom) arith.Word {
	if !d.Num {
		return s.pick(l, d, 0)
	}
	return l.bitsOf(s.randomKeyIn(d))
}

// randomKeyIn is a random key of d (uniform over keys, or over the
// exponent-like bits for wide ranges).
func (s *search) randomKeyIn(d Dom) arith.Word {
	span := arith.Sub(d.Hi, d.Lo, 128)
	var r arith.Word
	if span.Hi == 0 {
		if span.Lo == ^uint64(0) {
			r = arith.Word{Lo: s.rng.Uint64()}
		} else {
			r = arith.Word{Lo: uint64(s.rng.Int63n(int64(span.Lo/2+1))) * 2}
			if span.Lo < 1<<62 {
				r = arith.Word{Lo: uint64(s.rng.Int63n(int64(span.Lo) + 1))}
			}
		}
	} else {
		r = arith.Word{Lo: s.rng.Uint64(), Hi: s.rng.Uint64() % (span.Hi + 1)}
		if kLess(span, r) {
			r = span
		}
	}
	return arith.Add(d.Lo, r, 128)
}
