// Package stagestats holds the solver's per-stage counters (queries,
// verdicts, time, interrupts, memory-outs), their sum over runs and their
// table. It is a leaf, apart from the solver it describes, so that
// package solver (which links Z3 through cgo) and internal/bench (which
// reads summary.json and must not link the solver) share one type, one
// sum and one table instead of mirrors of them.
//
// It imports nothing from the module.
package stagestats

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Stage counts one solver stage's work: the queries that reached it, the
// ones it answered (Sat, Unsat) or could not (Unknown: timeouts, solver
// failures, model mismatches), the time spent in the stage itself (not
// in the stages after it), and for SMT backends the checks stopped by an
// interrupt (a deadline, a timeout, a lost portfolio race) and the ones
// that reached the backend's memory cap. A stage that only passes
// queries on (independence, a cache miss) counts them in Queries alone.
// Its JSON is summary.json's solver_stages entry.
type Stage struct {
	Name                         string `json:"name"`
	Queries, Sat, Unsat, Unknown uint64
	Time                         time.Duration
	Interrupts, MemoryOuts       uint64
}

// Answered counts a stage's own answer.
func (s *Stage) Answered(sat bool) {
	if sat {
		s.Sat++
	} else {
		s.Unsat++
	}
}

// Sum adds b's counters to a's, stage by stage by name (stages new to a
// are appended in b's order), and returns a.
func Sum(a, b []Stage) []Stage {
	for _, s := range b {
		i := 0
		for i < len(a) && a[i].Name != s.Name {
			i++
		}
		if i == len(a) {
			a = append(a, Stage{Name: s.Name})
		}
		t := &a[i]
		t.Queries, t.Sat, t.Unsat, t.Unknown = t.Queries+s.Queries, t.Sat+s.Sat, t.Unsat+s.Unsat, t.Unknown+s.Unknown
		t.Time, t.Interrupts, t.MemoryOuts = t.Time+s.Time, t.Interrupts+s.Interrupts, t.MemoryOuts+s.MemoryOuts
	}
	return a
}

// Header names the table's columns.
var Header = []string{"stage", "queries", "sat", "unsat", "unknown", "time", "interrupts", "memory-outs"}

// Row is a stage's cells, in Header's order.
func (s *Stage) Row() []string {
	return []string{s.Name, fmt.Sprint(s.Queries), fmt.Sprint(s.Sat), fmt.Sprint(s.Unsat), fmt.Sprint(s.Unknown),
		s.Time.Round(time.Millisecond).String(), fmt.Sprint(s.Interrupts), fmt.Sprint(s.MemoryOuts)}
}

// WriteTable writes the stages as a text table, numbers right-aligned.
func WriteTable(w io.Writer, stages []Stage) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(Header, "\t")+"\t")
	for i := range stages {
		fmt.Fprintln(tw, strings.Join(stages[i].Row(), "\t")+"\t")
	}
	return tw.Flush()
}

// WriteMarkdown writes the stages as a Markdown table.
func WriteMarkdown(w io.Writer, stages []Stage) error {
	var b strings.Builder
	b.WriteString("| " + strings.Join(Header, " | ") + " |\n")
	b.WriteString("| --- |" + strings.Repeat(" ---: |", len(Header)-1) + "\n")
	for i := range stages {
		b.WriteString("| " + strings.Join(stages[i].Row(), " | ") + " |\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
