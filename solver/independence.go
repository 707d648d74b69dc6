package solver

import (
	"time"

	"github.com/floatsym/floatsym/solver/expr"
)

// independenceStage keeps only the constraints that share input arrays,
// transitively, with the condition and the requested arrays (KLEE's
// IndependentSolver). The dropped constraints are over other arrays and
// satisfiable by themselves (the constraints are a path condition), so the
// answer is unchanged, and the model's values for the kept arrays extend
// to a model of the whole query.
type independenceStage struct {
	next   stage
	arrays *arrayIndex
	st     *StageStats
}

func newIndependence(next stage, idx *arrayIndex, st *StageStats) stage {
	return &independenceStage{next: next, arrays: idx, st: st}
}

func (s *independenceStage) check(q *query) (bool, Model, error) {
	s.st.Queries++
	if len(q.constraints) == 0 {
		return s.next.check(q)
	}
	start := time.Now()
	want := map[*expr.Array]bool{}
	for _, a := range q.arrays {
		want[a] = true
	}
	if q.expr != nil {
		for _, a := range s.arrays.of(q.expr) {
			want[a] = true
		}
	}
	keep := make([]bool, len(q.constraints))
	kept := 0
	for changed := true; changed; {
		changed = false
		for i, c := range q.constraints {
			if keep[i] {
				continue
			}
			as := s.arrays.of(c)
			hit := len(as) == 0 // no input: keep (cheap, and never wrong)
			for _, a := range as {
				if want[a] {
					hit = true
					break
				}
			}
			if !hit {
				continue
			}
			keep[i], changed = true, true
			kept++
			for _, a := range as {
				want[a] = true
			}
		}
	}
	if kept == len(q.constraints) {
		s.st.Time += time.Since(start)
		return s.next.check(q)
	}
	sub := *q
	sub.constraints = make([]*expr.Expr, 0, kept)
	for i, c := range q.constraints {
		if keep[i] {
			sub.constraints = append(sub.constraints, c)
		}
	}
	s.st.Time += time.Since(start)
	return s.next.check(&sub)
}
