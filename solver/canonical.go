package solver

import (
	"time"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// Canonical test models (issue 22: the same seed and split give the same
// merged tests). Which stage answers a query first — the native search
// beside the SMT backends, z3, or cvc5 joining the portfolio after its
// slice — depends on the machine's load, and each gives another model;
// models of forks feed the counterexample cache and the known models of
// later tests. CanonicalModel re-derives a test's model from its path
// condition alone, by the native model search under a fixed work budget
// and a fixed seed, with no time cap but the run's deadline: the same
// path condition gives the same model whatever answered before.

const (
	// canonicalWork is the search's budget: 50 nominal ms of work.
	canonicalWork = 50 * native.WorkPerMs
	// canonicalSeed is the search's seed.
	canonicalSeed = 0x22
)

// CanonicalModel returns a model of constraints over arrays that depends
// only on them; ok is false when the search did not find one within its
// work budget (or the run's deadline cut it short): the caller keeps the
// model it has. The model is checked by evaluation.
func (s *Solver) CanonicalModel(constraints []*expr.Expr, arrays []*expr.Array) (m Model, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	roots := make([]native.Root, len(constraints))
	for i, c := range constraints {
		roots[i] = native.Root{E: c, Want: true}
	}
	var deadline time.Time
	if d := s.smt.deadline.Load(); d != 0 {
		deadline = time.Unix(0, d)
	}
	ans := native.Solve(roots, arrays, s.cfg.Builder, native.Budget{Work: canonicalWork, Deadline: deadline}, canonicalSeed)
	if ans.Result != native.Sat || ans.Capped {
		return nil, false
	}
	q := &query{constraints: constraints, arrays: arrays}
	if ok, _ := q.holds(expr.NewEvaluator(Model(ans.Model))); !ok {
		return nil, false
	}
	r := Model{}
	for _, a := range arrays {
		bs := make([]byte, a.Size)
		for i := range bs {
			bs[i] = Model(ans.Model).Byte(a, uint64(i))
		}
		r[a] = bs
	}
	return r, true
}
