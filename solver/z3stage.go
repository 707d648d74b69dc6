package solver

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/z3"
)

// z3Stage is the core: a fresh Z3 solver per query (see package z3).
type z3Stage struct {
	checker *z3.Checker
	stats   *Stats
	timeout atomic.Int64 // time.Duration; 0: none
}

func newZ3Stage(st *Stats, log *logrus.Entry, timeout time.Duration) *z3Stage {
	c := z3.NewChecker()
	c.Log = log
	z := &z3Stage{checker: c, stats: st}
	z.timeout.Store(int64(timeout))
	return z
}

func (z *z3Stage) check(q *query) (bool, Model, error) {
	z.stats.SolverCalls++
	var assert, negate []*expr.Expr
	assert = append(assert, q.constraints...)
	if q.expr != nil {
		if q.negated {
			negate = append(negate, q.expr)
		} else {
			assert = append(assert, q.expr)
		}
	}
	start := time.Now()
	sat, m, err := z.checker.Check(assert, negate, q.arrays, time.Duration(z.timeout.Load()))
	z.stats.Z3Time += time.Since(start)
	if err != nil {
		return false, nil, fmt.Errorf("query of %d constraints: %w", len(q.constraints), err)
	}
	return sat, Model(m), nil
}
