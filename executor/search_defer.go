package executor

import (
	"errors"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// deferHard (--defer-hard-queries, on by default under the random
// searchers) parks a state whose branch query the solver's cheap stages
// cannot decide, so that the other states run before the SMT backends
// are asked. At a conditional branch on a symbolic condition, while other
// states are waiting, the two sides' queries go first to the chain
// without the SMT backends (solver.MayBeTrueModelCheap: caches, the
// native first search, budgeted in work units). If one of them is a
// floating-point query neither decides, the state is not forked: it
// stays at the branch, leaves the searcher for a while (parked), and is
// put back
//
//   - when the searcher has no other state, or
//   - once deferWait instructions have run since it was parked,
//
// whichever comes first. Back in the searcher, at its place (its depth,
// its coverage weights), it asks the branch's queries in full (the SMT
// backends, under the per-query timeout and the run's deadline, as
// without this rule): a state is parked at most once per branch it
// reaches, no path is dropped, no verdict changes; what changes is only
// when a hard query is asked. Everything it reads is deterministic per
// --seed (instruction counts, the native first search's work-budgeted
// verdicts), never a clock.
//
// Why (benchmarks/results/search-ab.md): on rounding_rint, both dfs and
// the default spend about 20 s of a 60 s run proving that round to
// nearest keeps |rint(x) - x| <= 0.5 (z3 gives up, cvc5 proves it); dfs
// runs the switch's last case (FE_DOWNWARD, failing at once) before
// it, random-path the first (FE_TONEAREST: shallowest after the
// switch's chain of forks). KLEE's --max-solver-time ends such a state
// at a wall-clock limit (a lost path, a run no longer complete, a choice
// that varies with the load); parking it asks the same query later,
// after the cheap paths, with the same budget as before.
//
// dfs and bfs are left as they are (their order is their definition),
// and so are runs following a --prefix (their branches are replayed).
type deferHard struct {
	Searcher
	e      *Executor
	parked []parked // oldest first
}

// parked is a state waiting at a branch, and the instruction count when
// it was parked.
type parked struct {
	s  *State
	at uint64
}

// deferWait is how many instructions the other states run before a
// parked state is put back.
const deferWait = 1 << 16

// withDeferHard wraps the searcher when the options ask for it and the
// search is not dfs or bfs.
func withDeferHard(s Searcher, e *Executor, k *KLEEOptions, search string) Searcher {
	if !k.DeferHard || !reordersStates(search) {
		return s
	}
	w := &deferHard{Searcher: s, e: e}
	e.deferHard = w
	return w
}

func (w *deferHard) Select() *State {
	now := w.e.instructions
	for len(w.parked) > 0 && (w.Searcher.Len() == 0 || now-w.parked[0].at >= deferWait) {
		w.Searcher.Add(w.parked[0].s)
		w.parked = w.parked[1:]
	}
	return w.Searcher.Select()
}

func (w *deferHard) Len() int { return w.Searcher.Len() + len(w.parked) }

func (w *deferHard) Remove(s *State) {
	for i, p := range w.parked {
		if p.s == s {
			w.parked = append(w.parked[:i], w.parked[i+1:]...)
			return
		}
	}
	w.Searcher.Remove(s)
}

// park takes s out of the searcher until Select puts it back.
func (w *deferHard) park(s *State) {
	w.Searcher.Remove(s)
	w.parked = append(w.parked, parked{s: s, at: w.e.instructions})
	w.e.stats.Deferred++
	w.e.log.WithFields(logrus.Fields{"state": s.ID, "instructions": w.e.instructions,
		"parked": len(w.parked)}).Debug("search: a branch query needs the SMT solvers; state parked")
}

// deferBranch decides, before a conditional branch on cond forks s,
// whether s waits instead (see deferHard); when it does, s is parked at
// the branch (its pc back on in) and deferBranch returns true.
func (e *Executor) deferBranch(s *State, fr *StackFrame, in *ir.Inst, cond *expr.Expr) bool {
	w := e.deferHard
	if w == nil || cond.Op == expr.OpConst || len(s.replay) > 0 {
		return false
	}
	if s.deferRetry {
		s.deferRetry = false // asked in full now
		return false
	}
	if w.Searcher.Len() < 2 { // no other state would run meanwhile
		return false
	}
	for _, c := range []*expr.Expr{cond, e.B.Not(cond)} {
		// A decided query is cached: fork asks it again for free.
		_, _, err := e.solver.MayBeTrueModelCheap(solver.Query{Constraints: s.Constraints, Expr: c})
		if errors.Is(err, solver.ErrDeferred) {
			fr.PC-- // the branch runs again when s is picked
			s.deferRetry = true
			s.forked = true // the searcher picks again now
			w.park(s)
			return true
		}
		if err != nil {
			return false // fork asks again and reports it
		}
	}
	return false
}
