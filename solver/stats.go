package solver

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// StageStats counts one stage's work: the queries that reached it, the
// ones it answered (Sat, Unsat) or could not (Unknown: timeouts, solver
// failures, model mismatches), the time spent in the stage itself (not
// in the stages after it), and for SMT backends the checks stopped by an
// interrupt (a deadline, a timeout, a lost portfolio race) and the ones
// that reached the backend's memory cap. A stage that only passes
// queries on (independence, a cache miss) counts them in Queries alone.
type StageStats struct {
	Name                         string `json:"name"`
	Queries, Sat, Unsat, Unknown uint64
	Time                         time.Duration
	Interrupts, MemoryOuts       uint64
}

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

// answered counts a stage's own answer.
func (st *StageStats) answered(sat bool) {
	if sat {
		st.Sat++
	} else {
		st.Unsat++
	}
}

// WriteStatsTable writes the stages' counters as a table (--stats).
func WriteStatsTable(w io.Writer, stages []StageStats) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stage\tqueries\tsat\tunsat\tunknown\ttime\tinterrupts\tmemory-outs\t")
	for _, s := range stages {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%d\t%d\t\n", s.Name, s.Queries, s.Sat, s.Unsat, s.Unknown,
			s.Time.Round(time.Millisecond), s.Interrupts, s.MemoryOuts)
	}
	return tw.Flush()
}

// SumStages adds b's counters to a's, stage by stage by name (stages new
// to a are appended in b's order).
func SumStages(a, b []StageStats) []StageStats {
	for _, s := range b {
		found := false
		for i := range a {
			if a[i].Name == s.Name {
				a[i].Queries += s.Queries
				a[i].Sat += s.Sat
				a[i].Unsat += s.Unsat
				a[i].Unknown += s.Unknown
				a[i].Time += s.Time
				a[i].Interrupts += s.Interrupts
				a[i].MemoryOuts += s.MemoryOuts
				found = true
				break
			}
		}
		if !found {
			a = append(a, s)
		}
	}
	return a
}
