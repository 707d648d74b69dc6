package executor

import (
	"fmt"
	"strings"
	"time"
)

// Why a run ended (summary.json "ended_by", the console's final line).
const (
	EndedCompleted        = "completed"
	EndedTimeLimit        = "time_limit"
	EndedMemoryLimit      = "memory_limit"
	EndedInstructionLimit = "instruction_limit"
	EndedInterrupted      = "interrupted"
	EndedProved           = "proved" // the prover (absint) showed every error site unreachable: no exploration
	EndedSplit            = "split"  // --split: the open states were handed over as prefixes (split.go)
)

// Incompleteness counts what kept a run from being complete: paths not
// followed to their end, and values or answers the run fixed or lacked.
type Incompleteness struct {
	// PathsCutShort ended at a limit or an interrupt (TermLimit,
	// TermInterrupted).
	PathsCutShort int `json:"paths_cut_short"`
	// Concretisations fixed a symbolic value to one of several feasible
	// ones (libm arguments, symbolic data reaching a model).
	Concretisations int `json:"concretisations"`
	// SolverUnknowns are paths ended by a solver failure or timeout and
	// checks (--check-fp) the solver could not decide in time.
	SolverUnknowns int `json:"solver_unknowns"`
	// Unsupported are paths ended by what floatsym cannot execute or model.
	Unsupported int `json:"unsupported"`
	// ForksSuppressed are branches that followed one side after
	// --max-forks.
	ForksSuppressed int `json:"forks_suppressed"`
}

// Reasons lists the non-zero counts, e.g. "19 paths cut short".
func (in Incompleteness) Reasons() []string {
	var r []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			r = append(r, "1 "+one)
		case n > 1:
			r = append(r, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(in.PathsCutShort, "path cut short", "paths cut short")
	add(in.Concretisations, "concretisation", "concretisations")
	add(in.SolverUnknowns, "solver unknown", "solver unknowns")
	add(in.Unsupported, "unsupported operation", "unsupported operations")
	add(in.ForksSuppressed, "branch not forked (max-forks)", "branches not forked (max-forks)")
	return r
}

// finishResult fills the result's ending: why the run ended and what
// made it incomplete.
func (e *Executor) finishResult() {
	in := e.incomplete
	for i := range e.res.Paths {
		switch e.res.Paths[i].Term.Kind {
		case TermLimit, TermInterrupted:
			in.PathsCutShort++
		case TermSolver:
			in.SolverUnknowns++
		case TermExec, TermModel:
			in.Unsupported++
		}
	}
	ended := strings.TrimSuffix(e.endedBy, " reached")
	switch {
	case ended != "":
	case e.lim.interrupted.Load() && in.PathsCutShort > 0:
		// The interrupt stopped the last paths' queries: no state was
		// left for the loop to halt.
		ended = EndedInterrupted
	case !e.deadline.IsZero() && time.Now().After(e.deadline) && in.PathsCutShort > 0:
		ended = EndedTimeLimit
	case e.shed > 0:
		// States were ended to stay under the memory limit.
		ended = EndedMemoryLimit
	default:
		ended = EndedCompleted
	}
	// summary.json spells it in snake_case ("time_limit"); the console
	// with spaces (finalLine).
	e.res.EndedBy = strings.ReplaceAll(ended, " ", "_")
	e.res.Incomplete = in
}
