package solver

import "github.com/floatsym/floatsym/solver/expr"

// buildChain assembles the stages, cheapest first (KLEE's
// ConstructSolverChain): one line per optional stage.
func buildChain(cfg Config, core *z3Stage, st *Stats, arraysOf func(*expr.Expr) []*expr.Array) stage {
	var s stage = &validatingStage{next: core}
	if !cfg.NoCexCache {
		s = newCexCache(s, st, arraysOf)
	}
	if !cfg.NoCache {
		s = newCache(s, st)
	}
	if !cfg.NoIndependence {
		s = newIndependence(s, arraysOf)
	}
	return s
}
