package solver

import (
	"fmt"
	"io"
	"text/tabwriter"

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

// WriteRulesTable writes the native rules' counters as a table (--stats;
// nothing when the native stage made no call).
func WriteRulesTable(w io.Writer, rules []NativeRule) error {
	if len(rules) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "native rule\tfired\tnarrowed\trefuted\twork\t")
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t\n", r.Name, r.Fired, r.Narrowed, r.Refuted, r.Work)
	}
	return tw.Flush()
}
