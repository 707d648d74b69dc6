package executor

import "github.com/floatsym/floatsym/ir"

// nurs:md2e, floatsym's own member of the nurs family: weight
// 1/md2e^2, md2e = the state's distance in instructions to an uncovered
// error site of the program under test — a call of a function that
// reports a bug (errorFuncs: assert's __assert_fail, abort, SV-COMP's
// reach_error, klee_report_error), on a counted line, never run yet. It
// is KLEE's md2u (minDistToUncovered) with the error sites as the only
// targets: where md2u draws a run towards any code not yet run, md2e
// draws it towards the checks a bug-finding user cares about, so that a
// state that just forked into an assertion's failing branch, or stands at
// the check, is run next, and paths are completed up to their checks
// rather than forked at the top. A state that reaches no uncovered error
// site (none is left, or none is reachable from its pc and callers) gets
// a weight far below any that does, proportional to its md2u weight: with
// no error site left the searcher is nurs:md2u.
//
// The default search interleaves it with KLEE's pair (random-path,
// nurs:covnew, nurs:md2e: cmd/floatsym defaultSearch); the distances are
// the same fixed-point pass as md2u's (fillDistances), recomputed with
// them, so the run stays deterministic per --seed.

// errorFuncs are the functions whose call is an error site.
var errorFuncs = map[string]bool{
	"__assert_fail":     true, // glibc's assert
	"__assert_rtn":      true, // BSD/macOS assert
	"__assert":          true,
	"abort":             true,
	"reach_error":       true, // SV-COMP (--property unreach-call)
	"__VERIFIER_error":  true,
	"klee_report_error": true,
}

// noErrorSite scales the weight of a state that reaches no uncovered
// error site: below 1/md2e^2 for any md2e under 10^4.
const noErrorSite = 1e-9

func weightMD2E(e *Executor, s *State) float64 {
	if d := e.md2e(s); d > 0 {
		inv := 1 / float64(d)
		return inv * inv
	}
	return noErrorSite * weightMD2U(e, s)
}

// md2e is a state's distance to an uncovered error site (0 when none is
// reachable), as md2u's.
func (e *Executor) md2e(s *State) uint64 {
	t := e.distances()
	if !t.built || t.errDist == nil {
		return 0
	}
	best := stackDistance(e, s, t.errDist)
	if best >= infDist {
		return 0
	}
	return best + 1
}

// computeErrDistances fills md2e's table (the error sites are found once,
// on the first call; a program without any gets no table).
func (e *Executor) computeErrDistances(t *md2uTable) {
	c := e.cov
	if t.errSite == nil {
		t.errSite = make([]bool, len(c.counts))
		any := false
		for fi, f := range e.m.Funcs {
			for b := range f.Blocks {
				for pc := range f.Blocks[b].Insts {
					in := &f.Blocks[b].Insts[pc]
					g := c.base[fi][b] + pc
					if in.Op == ir.OpCall && in.Callee >= 0 && c.lineOf[g] >= 0 && errorFuncs[e.m.Funcs[in.Callee].Name] {
						t.errSite[g], any = true, true
					}
				}
			}
		}
		if any {
			t.errDist = make([]uint32, len(c.counts))
			t.errFuncDist = make([]uint32, len(e.m.Funcs))
		}
	}
	if t.errDist == nil {
		return
	}
	e.fillDistances(t.errDist, t.errFuncDist, func(g int) bool { return t.errSite[g] && c.counts[g] == 0 })
}

// errorsFirst runs a state that is about to call an error function
// before any other, whatever the searcher (--error-sites-first): its
// block reaches the call with no branch in between, and the state exists
// only because the solver found its path feasible, so running it costs a
// few instructions and one test and reports the bug. Without it a
// searcher that favours shallow states (random-path: weight 2^-depth)
// leaves the state of an assertion's failing branch, the deepest there
// is, waiting while it forks the top of the tree. Among several such
// states the newest goes first (deterministic: positions only).
type errorsFirst struct {
	Searcher
	isErr []bool   // per function: an error function (errorFuncs)
	added []*State // added since the last pick (a fork adds its new state before it jumps)
	ready []*State // added at an error site, newest last
	last  *State   // the state picked last, while live
}

// withErrorsFirst wraps the searcher when the options ask for it.
func withErrorsFirst(s Searcher, m *ir.Module, k *KLEEOptions) Searcher {
	if !k.ErrorSitesFirst {
		return s
	}
	w := &errorsFirst{Searcher: s, isErr: make([]bool, len(m.Funcs))}
	for i, f := range m.Funcs {
		w.isErr[i] = errorFuncs[f.Name]
	}
	return w
}

// atErrorSite reports whether s's current block calls an error function
// at or after its pc.
func (w *errorsFirst) atErrorSite(s *State) bool {
	if len(s.Stack) == 0 {
		return false
	}
	fr := s.top()
	if int(fr.Block) >= len(fr.Fn.Blocks) {
		return false
	}
	insts := fr.Fn.Blocks[fr.Block].Insts
	for pc := int(fr.PC); pc < len(insts); pc++ {
		if in := &insts[pc]; in.Op == ir.OpCall && in.Callee >= 0 && w.isErr[in.Callee] {
			return true
		}
	}
	return false
}

func (w *errorsFirst) Select() *State {
	for _, s := range w.added {
		if w.atErrorSite(s) {
			w.ready = append(w.ready, s)
		}
	}
	w.added = w.added[:0]
	if w.last != nil && w.atErrorSite(w.last) {
		return w.last
	}
	for n := len(w.ready); n > 0; n-- {
		s := w.ready[n-1]
		w.ready = w.ready[:n-1] // picked once: if it runs on past the call (a signal handler), it is an ordinary state again
		if w.atErrorSite(s) {
			w.last = s
			return s
		}
	}
	w.last = w.Searcher.Select()
	return w.last
}

func (w *errorsFirst) Add(s *State) {
	w.added = append(w.added, s)
	w.Searcher.Add(s)
}

func (w *errorsFirst) Remove(s *State) {
	if s == w.last {
		w.last = nil
	}
	w.ready = dropState(w.ready, s)
	w.added = dropState(w.added, s)
	w.Searcher.Remove(s)
}

// dropState removes s from list (searched from the newest).
func dropState(list []*State, s *State) []*State {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == s {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}
