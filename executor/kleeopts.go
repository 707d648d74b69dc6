package executor

import (
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
	// OnlyCoveringNew writes tests only for paths that covered an
	// instruction no earlier path had (errors always get theirs)
	// (--only-output-states-covering-new).
	OnlyCoveringNew bool
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

// coverage is the set of instructions executed by any path, indexed by
// coverageBase[function][block] + pc.
type coverage struct {
	base [][]int
	bits []uint64
	n    int
}

func newCoverage(m *ir.Module) *coverage {
	c := &coverage{base: make([][]int, len(m.Funcs))}
	n := 0
	for i, f := range m.Funcs {
		c.base[i] = make([]int, len(f.Blocks))
		for j := range f.Blocks {
			c.base[i][j] = n
			n += len(f.Blocks[j].Insts)
		}
	}
	c.bits = make([]uint64, (n+63)/64)
	return c
}

// cover marks the instruction at fr's pc (before it runs) covered; the
// state covered something new when it was not.
func (e *Executor) cover(s *State, fr *StackFrame) {
	i := e.cov.base[fr.Fn.Index][fr.Block] + int(fr.PC)
	if w, b := i>>6, uint64(1)<<(i&63); e.cov.bits[w]&b == 0 {
		e.cov.bits[w] |= b
		e.cov.n++
		s.coveredNew = true
	}
}

// coveredLines is the number of distinct source lines of the covered
// instructions (0 when coverage is not tracked).
func (e *Executor) coveredLines() int {
	if e.cov == nil || e.cov.n == 0 {
		return 0
	}
	type line struct{ file, line int32 }
	seen := map[line]bool{}
	for fi, f := range e.m.Funcs {
		for bi := range f.Blocks {
			base := e.cov.base[fi][bi]
			for pc := range f.Blocks[bi].Insts {
				i := base + pc
				if e.cov.bits[i>>6]&(1<<(i&63)) != 0 {
					if l := f.Blocks[bi].Insts[pc].Loc; l.File >= 0 && l.Line > 0 {
						seen[line{l.File, l.Line}] = true
					}
				}
			}
		}
	}
	return len(seen)
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
