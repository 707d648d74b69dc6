package executor

import (
	"fmt"
	"sort"
)

// Splitting one exploration (issue 22): a split run explores until
// Config.Split states are open, then hands each open state over as a
// Prefix (its decisions, prefix.go) instead of running it: the states
// leave the searcher without a termination and without a test, and
// Result.Prefixes lists them in state-ID order (deterministic for a
// given program, flags, searcher and seed). A part run (Config.Prefix)
// starts from the prefix's initial state, follows its decisions and
// explores below: every path of the unsplit run is a path of exactly one
// of the split run and its parts.

// Prefix is one open state's path: which initial state it began in
// (--sym-args) and its decisions, oldest first.
type Prefix struct {
	Initial   int
	Decisions []Decision
	// StateID, Depth and Instructions describe the state handed over.
	StateID      int
	Depth        int
	Instructions uint64
}

// ReplayStats count what a part run followed: decisions and the
// feasibility checks of the whole prefix (one when it was followed).
type ReplayStats struct {
	Decisions int `json:"decisions"`
	Checks    int `json:"feasibility_checks"`
}

// checkSplitConfig refuses what prefixes cannot describe.
func (e *Executor) checkSplitConfig() error {
	if (e.cfg.Split > 0 || e.cfg.Prefix != nil) && e.cfg.Merge {
		return fmt.Errorf("--merge cannot be combined with --split, --prefix or --parallel: a merged state has no single path to hand over")
	}
	if e.cfg.Split > 0 && e.cfg.Prefix != nil {
		return fmt.Errorf("--split and --prefix cannot be combined (split a part's subtree by running --split on the whole program with a larger N)")
	}
	return nil
}

// startStates picks the states a run begins with: all initial states, or
// a part's one, which then follows its prefix.
func (e *Executor) startStates(states []*State) ([]*State, error) {
	if e.cfg.Split > 0 && e.cfg.SplitShallow {
		e.search = trackLive(&shallowest{})
	}
	p := e.cfg.Prefix
	if p == nil {
		return states, nil
	}
	if p.Initial < 0 || p.Initial >= len(states) {
		return nil, fmt.Errorf("prefix begins in initial state %d; this program and its arguments have %d (was the prefix written for them?)", p.Initial, len(states))
	}
	s := states[p.Initial]
	// The prefix's instructions were counted by the split run: the
	// part's coverage begins after them (so the parts' and the split
	// run's coverage add up to the unsplit run's, coverage_data.go).
	e.coverFrom = p.Instructions
	s.replay = append([]Decision(nil), p.Decisions...)
	if len(s.replay) == 0 {
		s.prefixEnd = true
	}
	return []*State{s}, nil
}

// splitDue reports whether a split run has reached its number of open
// states.
func (e *Executor) splitDue() bool {
	return e.cfg.Split > 0 && e.search.Len() >= e.cfg.Split
}

// splitOff hands every open state over as a prefix.
func (e *Executor) splitOff() {
	var open []*State
	for e.search.Len() > 0 {
		s := e.search.Select()
		e.search.Remove(s)
		open = append(open, s)
	}
	sort.Slice(open, func(i, j int) bool { return open[i].ID < open[j].ID })
	e.res.Prefixes = make([]Prefix, len(open))
	for i, s := range open {
		e.res.Prefixes[i] = Prefix{Initial: s.initial, Decisions: s.decs.list(), StateID: s.ID, Depth: s.Depth, Instructions: s.Insts}
		for len(s.Stack) > 0 {
			e.popFrame(s)
		}
	}
	e.log.WithField("prefixes", len(open)).Info("exploration split")
}

// SplitRecord is summary.json's "split": the run's place in a split
// exploration.
type SplitRecord struct {
	// Role is "split" (the run that wrote the prefixes), "part" (a run
	// below one prefix) or "merged" (floatsym merge's output).
	Role string `json:"role"`
	// ID names the split: every prefix file and part of it carries it.
	ID string `json:"id,omitempty"`
	// Requested is the split's N (--split); Prefixes the number of
	// prefixes written (0: the exploration ended before N states were
	// open, the split run is a complete run by itself).
	Requested int `json:"requested,omitempty"`
	Prefixes  int `json:"prefixes"`
	// Index and Prefix are a part's prefix (its index among Prefixes).
	Index  int    `json:"index"`
	Prefix string `json:"prefix,omitempty"`
	// CompleteBeforeSplit: nothing cut short the split run's own paths
	// (its summary's complete is false: the rest is the parts' work).
	CompleteBeforeSplit *bool `json:"complete_before_split,omitempty"`
	// Replay counts what a part followed.
	Replay *ReplayStats `json:"replay,omitempty"`
	// Parts are a merged directory's inputs, in the order merged, with
	// the sum and maximum of their wall times and the maximum of their
	// solver times (the sum is the summary's solver_time_seconds).
	Parts         []PartRecord `json:"parts,omitempty"`
	WallTimeSum   float64      `json:"wall_time_sum_seconds,omitempty"`
	WallTimeMax   float64      `json:"wall_time_max_seconds,omitempty"`
	SolverTimeMax float64      `json:"solver_time_max_seconds,omitempty"`
}

// PartRecord is one merged input directory.
type PartRecord struct {
	Dir          string  `json:"dir"`
	Role         string  `json:"role"`
	Index        int     `json:"index"`
	Paths        int     `json:"paths"`
	Instructions uint64  `json:"instructions"`
	WallTime     float64 `json:"wall_time_seconds"`
	Complete     bool    `json:"complete"`
}

// shallowest is the split run's searcher by default (Config.SplitShallow):
// the state with the fewest forks first, the oldest among equals, so the
// open states at the split are at similar depths and their subtrees of
// similar size. (The bfs searcher picks the oldest state, which after a
// fork is the one that forked: it goes deep along one side.) It holds at
// most Split states, so a linear pick is cheap.
type shallowest struct{ listSearcher }

func (s *shallowest) Select() *State {
	best := 0
	for i, st := range s.states {
		if b := s.states[best]; st.Depth < b.Depth || st.Depth == b.Depth && st.ID < b.ID {
			best = i
		}
	}
	return s.states[best]
}
