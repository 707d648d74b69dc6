package solver

import (
	"encoding/binary"
	"slices"
	"time"
)

// cacheStage remembers answers by the query's identity: the sorted IDs
// of its constraints, the condition's ID and polarity, and the requested
// arrays. Hash-consing makes equal IDs equal expressions (within one
// builder: a Solver must only see one builder's expressions).
type cacheStage struct {
	next    stage
	stats   *Stats
	st      *StageStats
	answers map[string]cached
}

type cached struct {
	sat bool
	m   Model
}

// maxCached bounds the cache; it is dropped when full.
const maxCached = 1 << 17

func newCache(next stage, stats *Stats, st *StageStats) stage {
	return &cacheStage{next: next, stats: stats, st: st, answers: map[string]cached{}}
}

func queryKey(q *query) string {
	ids := make([]uint32, 0, len(q.constraints))
	for _, c := range q.constraints {
		ids = append(ids, c.ID)
	}
	slices.Sort(ids)
	b := make([]byte, 0, 4*len(ids)+16+8*len(q.arrays))
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	b = append(b, '|')
	if q.expr != nil {
		b = binary.LittleEndian.AppendUint32(b, q.expr.ID)
		if q.negated {
			b = append(b, '!')
		}
	}
	for _, a := range q.arrays {
		b = append(b, '#')
		b = binary.LittleEndian.AppendUint64(b, uint64(a.ID))
	}
	return string(b)
}

func (c *cacheStage) check(q *query) (bool, Model, error) {
	start := time.Now()
	c.st.Queries++
	k := queryKey(q)
	if a, ok := c.answers[k]; ok {
		c.stats.CacheHits++
		c.st.Answered(a.sat)
		c.st.Time += time.Since(start)
		return a.sat, a.m, nil
	}
	c.st.Time += time.Since(start)
	sat, m, err := c.next.check(q)
	if err == nil {
		if len(c.answers) >= maxCached {
			c.answers = map[string]cached{}
		}
		c.answers[k] = cached{sat, m}
	}
	return sat, m, err
}
