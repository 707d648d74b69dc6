package executor

import "github.com/floatsym/floatsym/solver/expr"

// unorderedFirst (--fp-unordered-first, on by default for the random
// searchers) runs, after a branch on a floating-point comparison forks,
// the side that holds the comparison's unordered outcome — the false side
// of an ordered comparison (<, <=, ==, >, >=: every one is false when an
// operand is NaN), the true side of an unordered one (!=, isnan,
// isunordered) — before the searcher picks again; if that state forks on
// such a comparison in turn, its unordered side runs next, and so on: a
// dive along the NaN (and false) outcomes of the program's floating-point
// tests.
//
// Why: a NaN makes every ordered comparison false, so numerical code's
// NaN bugs (a maximum that skips a NaN, a sort that leaves one in place,
// fmin returning the other operand, a range check passed by a NaN) lie
// behind the false sides of comparisons, as do the failing sides of
// assertions on comparisons; those states' queries are cheap (a NaN
// satisfies them at once). random-path, which favours shallow states,
// and covnew, which favours the state that just covered new code (the
// continuing true side), leave them waiting while passing paths with
// hard queries use the time (benchmarks/results/search-ab.md: dfs, which
// runs the newest state — the false side — first, found 10 bugs more on
// the suite's bug variants at 60 s). The dive is bounded in instructions,
// never in time, so a run stays deterministic per --seed:
//
//   - one dive runs at most unorderedDive instructions from the
//     searcher's own pick that began it;
//   - the dives run at most unorderedSlack instructions more than the
//     searcher's own picks in all: at least half of a long run is the
//     searcher's (random-path and covnew keep their coverage).
//
// dfs and bfs are left as they are (their order is their definition).
type unorderedFirst struct {
	Searcher
	e *Executor
	// next is the unordered side of the fork the last picked state made
	// (nil: none).
	next *State
	// lastDive: the last pick was a dive's; inst0 the instruction count
	// at the last pick, dive0 at the start of the current dive.
	lastDive     bool
	inst0, dive0 uint64
	// dived and own count the instructions run by the dives' picks and
	// by the searcher's.
	dived, own uint64
}

const (
	// unorderedDive bounds one dive (instructions).
	unorderedDive = 1 << 14
	// unorderedSlack is how far the dives may run ahead of the searcher's
	// own picks (instructions): a short program's first dive is whole.
	unorderedSlack = 1 << 12
)

// reordersStates: the wrappers that pick states out of the searcher's
// order (--fp-unordered-first, --defer-hard-queries) act only under the
// random searchers; dfs and bfs keep their order.
func reordersStates(search string) bool {
	switch search {
	case "", "dfs", "bfs":
		return false
	}
	return true
}

// withUnorderedFirst wraps the searcher when the options ask for it and
// the search is not dfs or bfs.
func withUnorderedFirst(s Searcher, e *Executor, k *KLEEOptions, search string) Searcher {
	if !k.UnorderedFirst || !reordersStates(search) {
		return s
	}
	w := &unorderedFirst{Searcher: s, e: e}
	e.unordered = w
	return w
}

func (w *unorderedFirst) Select() *State {
	now := w.e.instructions
	if w.lastDive {
		w.dived += now - w.inst0
	} else {
		w.own += now - w.inst0
	}
	next := w.next
	w.next = nil
	w.inst0 = now
	if next != nil && w.dived <= w.own+unorderedSlack {
		if !w.lastDive {
			w.dive0 = now
		}
		if now-w.dive0 < unorderedDive {
			w.lastDive = true
			return next
		}
	}
	w.lastDive = false
	return w.Searcher.Select()
}

func (w *unorderedFirst) Remove(s *State) {
	if s == w.next {
		w.next = nil
	}
	w.Searcher.Remove(s)
}

// noteBranchFork records, after a conditional branch on cond forked into
// t (cond holds) and f, which of them holds cond's unordered outcome.
func (e *Executor) noteBranchFork(cond *expr.Expr, t, f *State) {
	if e.unordered == nil || t == nil || f == nil {
		return
	}
	switch unorderedSide(cond, 4) {
	case -1:
		e.unordered.next = f
	case 1:
		e.unordered.next = t
	}
}

// unorderedSide tells which outcome of a Bool condition holds when a
// floating-point comparison in it is unordered: -1 its false side (an
// ordered comparison, or a conjunction with one), +1 its true side (an
// isnan test, a negated ordered comparison: C's !=, !(a < b)), 0 neither
// or not known (no floating-point comparison, or mixed). depth bounds the
// walk.
func unorderedSide(x *expr.Expr, depth int) int {
	if depth == 0 || x == nil || x.Sort.Kind != expr.Bool {
		return 0
	}
	switch x.Op {
	case expr.OpFOEq, expr.OpFOLt, expr.OpFOLe:
		return -1
	case expr.OpFIsNaN:
		return 1
	case expr.OpNot:
		return -unorderedSide(x.Kid[0], depth-1)
	case expr.OpAnd, expr.OpOr:
		// a conjunction is false when one part is, a disjunction true
		// when one part is; both agree when every part does.
		decides := -1
		if x.Op == expr.OpOr {
			decides = 1
		}
		all := 0
		for i, k := range x.Kid[:2] {
			s := unorderedSide(k, depth-1)
			if s == decides {
				return s
			}
			if i == 0 {
				all = s
			} else if s != all {
				all = 0
			}
		}
		return all
	}
	return 0
}
