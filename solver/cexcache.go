package solver

import (
	"time"

	"github.com/floatsym/floatsym/solver/expr"
)

// cexCacheStage tries recent models before asking the solver: a model
// under which the whole query evaluates true proves it satisfiable
// (KLEE's counterexample cache, its cheap half: no subset/superset
// reasoning about unsatisfiable cores).
type cexCacheStage struct {
	next   stage
	stats  *Stats
	st     *StageStats
	models []Model // oldest first
}

// cexModels is how many recent models are kept.
const cexModels = 64

func newCexCache(next stage, stats *Stats, st *StageStats) stage {
	return &cexCacheStage{next: next, stats: stats, st: st}
}

func (c *cexCacheStage) check(q *query) (bool, Model, error) {
	start := time.Now()
	c.st.Queries++
	for i := len(c.models) - 1; i >= 0; i-- {
		m := c.models[i]
		if !covers(m, q.arrays) {
			continue
		}
		if ok, _ := q.holds(expr.NewEvaluator(m)); ok {
			c.stats.CacheHits++
			c.stats.CexHits++
			c.st.Sat++
			c.st.Time += time.Since(start)
			// Move to the newest position: hits suggest reuse.
			copy(c.models[i:], c.models[i+1:])
			c.models[len(c.models)-1] = m
			return true, m, nil
		}
	}
	c.st.Time += time.Since(start)
	sat, m, err := c.next.check(q)
	if err == nil && sat && m != nil {
		if len(c.models) == cexModels {
			copy(c.models, c.models[1:])
			c.models = c.models[:cexModels-1]
		}
		c.models = append(c.models, m)
	}
	return sat, m, err
}

// covers reports whether m has bytes for every array of arrays.
func covers(m Model, arrays []*expr.Array) bool {
	for _, a := range arrays {
		if _, ok := m[a]; !ok {
			return false
		}
	}
	return true
}
