package solver

import (
	"io"

	"github.com/floatsym/floatsym/solver/stagestats"
)

// StageStats counts one stage's work (see stagestats.Stage: the type is
// shared with internal/bench, which sums it over runs without linking
// the solver).
type StageStats = stagestats.Stage

// stageList holds the stages' counters in chain order.
type stageList struct{ list []*StageStats }

// add registers the next stage of the chain.
func (l *stageList) add(name string) *StageStats {
	st := &StageStats{Name: name}
	l.list = append(l.list, st)
	return st
}

func (l *stageList) snapshot() []StageStats {
	out := make([]StageStats, len(l.list))
	for i, st := range l.list {
		out[i] = *st
	}
	return out
}

// WriteStatsTable writes the stages' counters as a table (--stats).
func WriteStatsTable(w io.Writer, stages []StageStats) error {
	return stagestats.WriteTable(w, stages)
}
