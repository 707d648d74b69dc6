package solver

import "github.com/floatsym/floatsym/solver/expr"

// independenceStage keeps only the constraints that share symbolic arrays,
// transitively, with the extra condition and the requested arrays (KLEE's
// IndependentSolver). The dropped ones are satisfiable on their own (the
// path condition is), over other variables, so the answer is unchanged.
type independenceStage struct {
	next     stage
	arraysOf func(*expr.Expr) []*expr.Array
}

func newIndependence(next stage, arraysOf func(*expr.Expr) []*expr.Array) stage {
	return &independenceStage{next: next, arraysOf: arraysOf}
}

func (s *independenceStage) check(q *query) (bool, Model, error) {
	if len(q.cons) < 2 {
		return s.next.check(q)
	}
	want := map[*expr.Array]bool{}
	for _, a := range q.arrays {
		want[a] = true
	}
	if q.extra != nil {
		for _, a := range s.arraysOf(q.extra) {
			want[a] = true
		}
	}
	keep := make([]bool, len(q.cons))
	for changed := true; changed; {
		changed = false
		for i, c := range q.cons {
			if keep[i] {
				continue
			}
			as := s.arraysOf(c)
			hit := len(as) == 0
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
			for _, a := range as {
				want[a] = true
			}
		}
	}
	var cons []*expr.Expr
	for i, c := range q.cons {
		if keep[i] {
			cons = append(cons, c)
		}
	}
	return s.next.check(&query{cons: cons, extra: q.extra, arrays: q.arrays})
}
