package native

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// benchSearch builds the search of the dichotomic query (20 roots, two
// float leaves) at a candidate that violates it.
func benchSearch(b *testing.B) (*search, Model) {
	e := &env{b: expr.NewBuilder()}
	cons, arrays := dichotomic(e, true)
	var roots []Root
	for _, c := range cons {
		roots = append(roots, Root{E: c, Want: true})
	}
	n := newNetwork(cons)
	s := newSearch(n, roots, arrays, math.MaxInt64, 1)
	m := s.base.clone()
	s.leaves[0].assign(m, arith.FromFloat32(1))
	s.leaves[1].assign(m, arith.FromFloat32(2))
	return s, m
}

// BenchmarkCheck: one candidate checked by evaluating the whole query
// with expr.Evaluator (a map per candidate).
func BenchmarkCheckEvaluator(b *testing.B) {
	s, m := benchSearch(b)
	b.ReportAllocs()
	for b.Loop() {
		ev := expr.NewEvaluator(m)
		for _, r := range s.roots {
			if ev.True(r.E) != r.Want {
				break
			}
		}
	}
}

// BenchmarkFevalFull: the same candidate through feval (a slice, every
// node) and the fitness.
func BenchmarkFevalFull(b *testing.B) {
	s, m := benchSearch(b)
	f := newFeval(s.n, s.leaves, m)
	want := make([]bool, len(s.roots))
	for i := range want {
		want[i] = true
	}
	b.ReportAllocs()
	for b.Loop() {
		f.full()
		f.fitness(s.n.roots, want)
	}
}

// BenchmarkFevalMove: one leaf moved by one ulp, the nodes depending on
// it recomputed, the fitness.
func BenchmarkFevalMove(b *testing.B) {
	s, m := benchSearch(b)
	f := newFeval(s.n, s.leaves, m)
	f.full()
	want := make([]bool, len(s.roots))
	for i := range want {
		want[i] = true
	}
	b.ReportAllocs()
	x := uint32(0x3f800000)
	for b.Loop() {
		x ^= 1
		s.leaves[0].assign(m, arith.Word{Lo: uint64(x)})
		f.update(0)
		f.fitness(s.n.roots, want)
	}
}

// BenchmarkSearchCheck: search.check as the labelling and the random
// local search call it.
func BenchmarkSearchCheck(b *testing.B) {
	s, m := benchSearch(b)
	b.ReportAllocs()
	for b.Loop() {
		s.check(m)
	}
}

// BenchmarkNewFit: setting up the fitness search (slice evaluator,
// interesting values) for two double leaves of wide domains.
func BenchmarkNewFit(b *testing.B) {
	e := &env{b: expr.NewBuilder()}
	cons, arrays := cancellation(e)
	var roots []Root
	for _, c := range cons {
		roots = append(roots, Root{E: c, Want: true})
	}
	n := newNetwork(cons)
	s := newSearch(n, roots, arrays, math.MaxInt64, 1)
	doms := append([]Dom(nil), n.dom...)
	for _, l := range s.leaves {
		doms[l.node] = fpRange(keyPosZero, keyOfF64(1e17))
	}
	b.ReportAllocs()
	for b.Loop() {
		s.newFit(doms)
	}
}

func keyOfF64(x float64) arith.Word {
	k, _ := keyOf(arith.F64, arith.FromFloat64(x))
	return k
}
