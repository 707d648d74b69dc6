package executor

import (
	"time"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// KLEEOptions are KLEE's path-shaping options, with KLEE's meaning.
type KLEEOptions struct {
	// MaxDepth ends a path early when it would fork past this many
	// symbolic branches (--max-depth; 0: no limit).
	MaxDepth int
	// MaxForks stops forking after this many forks in all: a branch whose
	// both sides are feasible then follows one side only (--max-forks; 0:
	// no limit). The run is then incomplete.
	MaxForks uint64
	// ExitOnError halts the exploration at the first error reported
	// (--exit-on-error); the remaining paths end as cut short.
	ExitOnError bool
	// OnlyCoveringNew writes tests only for paths that covered a line or
	// branch edge of the program under test no earlier path had (errors
	// always get theirs)
	// (--only-output-states-covering-new).
	OnlyCoveringNew bool
	// Batching keeps a picked state running for BatchInstructions
	// instructions or BatchTime, whichever ends first (0: no bound)
	// (--use-batching-search, --batch-instructions, --batch-time;
	// search_batch.go).
	Batching          bool
	BatchInstructions uint64
	BatchTime         time.Duration
	// ErrorSitesFirst runs a state about to call an error function
	// (assert, abort, reach_error) before any other, whatever the
	// searcher (--error-sites-first; search_errsite.go).
	ErrorSitesFirst bool
	// UnorderedFirst runs the unordered (NaN, false) side of a branch on
	// a floating-point comparison before the searcher picks again, within
	// instruction bounds; not under dfs and bfs
	// (--fp-unordered-first; search_unordered.go).
	UnorderedFirst bool
	// DeferHard parks a state whose branch query the solver's cheap
	// stages do not decide until the other states have run a while; not
	// under dfs and bfs (--defer-hard-queries; search_defer.go).
	DeferHard bool
}

// EndedExitOnError is why a run stopped at its first error.
const EndedExitOnError = "exit_on_error"

// forkLimit applies --max-depth and --max-forks to a branch whose two
// sides are both feasible. It returns a termination for s (past the
// depth), or follow (true: take cond's side only, false: its negation's)
// with ok set when forking is over, or nothing.
func (e *Executor) forkLimit(s *State, in *ir.Inst) (term *Termination, fixed bool) {
	k := &e.cfg.KLEE
	if k.MaxDepth > 0 && s.Depth >= k.MaxDepth {
		return e.terminate(s, in, TermLimit, "max-depth exceeded"), false
	}
	if k.MaxForks > 0 && e.forks >= k.MaxForks {
		e.complete = false
		e.incomplete.ForksSuppressed++
		e.warnOnce("max-forks", "--max-forks %d reached: later branches follow one side", k.MaxForks)
		return nil, true
	}
	e.forks++
	return nil, false
}

// followOne continues s on cond's side only (after --max-forks).
func (e *Executor) followOne(s *State, cond *expr.Expr) (*State, *State, *Termination) {
	s.addConstraint(cond)
	return s, nil, nil
}

// skipTest reports whether a finished path gets no test under
// --only-output-states-covering-new: a path that is not an error and
// covered nothing new.
func (e *Executor) skipTest(s *State, t *Termination) bool {
	return e.cfg.KLEE.OnlyCoveringNew && !t.Kind.IsError() && !s.coveredNew
}

// noteError halts the run after a reported error with --exit-on-error.
func (e *Executor) noteError(pr *PathResult) {
	if e.cfg.KLEE.ExitOnError && pr.Term.Kind.IsError() && !pr.Duplicate && !pr.LibmUninterpreted && e.haltRequest == "" {
		e.haltRequest = EndedExitOnError
	}
}
