package solver

import (
	"fmt"
	"time"

	"github.com/floatsym/floatsym/solver/z3"
)

// z3Stage is the core: a fresh Z3 solver per query (see package z3).
type z3Stage struct {
	checker *z3.Checker
	stats   *Stats
	timeout time.Duration
}

func (z *z3Stage) check(q *query) (bool, Model, error) {
	z.stats.SolverCalls++
	start := time.Now()
	sat, m, err := z.checker.Check(q.all(), nil, q.arrays, z.timeout)
	z.stats.Time += time.Since(start)
	if err != nil {
		return false, nil, fmt.Errorf("z3: %w", err)
	}
	return sat, Model(m), nil
}
