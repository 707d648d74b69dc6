package solver

import (
	"sort"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/solver/expr"
)

// cacheStage remembers answers by the query's identity: the sorted IDs of
// its constraints and condition (hash-consing makes IDs structural).
type cacheStage struct {
	next    stage
	stats   *Stats
	answers map[string]cached
}

type cached struct {
	sat bool
	m   Model
}

func newCache(next stage, st *Stats) stage {
	return &cacheStage{next: next, stats: st, answers: map[string]cached{}}
}

func queryKey(q *query) string {
	ids := make([]int, 0, len(q.cons)+1)
	for _, c := range q.cons {
		ids = append(ids, int(c.ID))
	}
	sort.Ints(ids)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.Itoa(id))
		b.WriteByte(',')
	}
	if q.extra != nil {
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(int(q.extra.ID)))
	}
	for _, a := range q.arrays {
		b.WriteByte('#')
		b.WriteString(strconv.Itoa(a.ID))
	}
	return b.String()
}

func (c *cacheStage) check(q *query) (bool, Model, error) {
	k := queryKey(q)
	if a, ok := c.answers[k]; ok {
		c.stats.CacheHits++
		return a.sat, a.m, nil
	}
	sat, m, err := c.next.check(q)
	if err == nil {
		c.answers[k] = cached{sat, m}
	}
	return sat, m, err
}

// cexCacheStage tries recent models before asking the solver: a model
// under which the whole query evaluates true proves it satisfiable
// (KLEE's counterexample cache, reduced to its cheap half).
type cexCacheStage struct {
	next     stage
	stats    *Stats
	arraysOf func(*expr.Expr) []*expr.Array
	models   []Model
}

const cexModels = 64

func newCexCache(next stage, st *Stats, arraysOf func(*expr.Expr) []*expr.Array) stage {
	return &cexCacheStage{next: next, stats: st, arraysOf: arraysOf}
}

func (c *cexCacheStage) check(q *query) (bool, Model, error) {
	all := q.all()
	for i := len(c.models) - 1; i >= 0; i-- {
		m := c.models[i]
		if !covers(m, q.arrays) {
			continue
		}
		ev := expr.NewEvaluator(m)
		ok := true
		for _, e := range all {
			if !ev.True(e) {
				ok = false
				break
			}
		}
		if ok {
			c.stats.CacheHits++
			return true, m, nil
		}
	}
	sat, m, err := c.next.check(q)
	if err == nil && sat && m != nil {
		if len(c.models) == cexModels {
			c.models = append(c.models[:0], c.models[1:]...)
		}
		c.models = append(c.models, m)
	}
	return sat, m, err
}

// covers reports whether a model has bytes for every requested array.
func covers(m Model, arrays []*expr.Array) bool {
	for _, a := range arrays {
		if _, ok := m[a]; !ok {
			return false
		}
	}
	return true
}
