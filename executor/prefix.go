package executor

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// Path prefixes (issue 22, Cloud9's partitioning of the execution tree):
// a split run (Config.Split) records on every state the decisions that
// shaped its path, and a part run (Config.Prefix) follows one state's
// decisions without asking the solver, then explores the subtree below.
//
// A decision is taken wherever the path's course depends on the solver
// rather than on the program alone:
//
//   - DecBranch: every call of fork with a symbolic condition (conditional
//     branches, switch cases, symbolic rounding modes of fesetround and
//     klee_set_rounding_mode, the in-bounds test of each object a
//     symbolic pointer is resolved to, symbolic function pointers,
//     --check-fp's undefined conversions, the model forks of the file
//     functions); recorded whether one or both sides were feasible, so a
//     replay never needs the solver's verdict.
//   - DecValue: a value the solver chose: concretisations (concretize,
//     concretizeObject's bytes) and the example address a symbolic
//     pointer or function pointer is resolved from.
//   - DecCheck: the outcome of a --check-fp exception check (never
//     raised, undecided, or forked with the raising side reported).
//   - DecAssume: a klee_assume found feasible.
//
// The one other kind of fork, --sym-args's initial states, is the
// prefix's Initial index. --merge is refused with prefixes (a merged
// state has no single path). A decision is identified by its kind and its
// fork site (the instruction's index in the module) and, at one site, by
// its order; a part checks both at each step and ends the path with an
// unsupported-operation error naming both sites on a mismatch (a prefix
// from another program or other flags).

// DecisionKind is what a decision records.
type DecisionKind byte

// The decision kinds (their letters are the prefix file's encoding).
const (
	DecBranch DecisionKind = 'b'
	DecValue  DecisionKind = 'v'
	DecCheck  DecisionKind = 'c'
	DecAssume DecisionKind = 'a'
)

// Decision is one solver-dependent step of a path.
type Decision struct {
	// Site is the instruction's index in the module (SiteOf), -1 for none.
	Site int32
	Kind DecisionKind
	// Val is the side (branch: 1 the condition's, 0 its negation's), the
	// value (DecValue) or the outcome (DecCheck: checkNever, ...).
	Val arith.Word
	// Both: a branch had both sides feasible (a real fork); a value was
	// one of several feasible ones (a concretisation).
	Both bool
}

// The outcomes of a --check-fp check (DecCheck).
const (
	checkUndecided = 0 // the solver could not decide whether it is raised
	checkNever     = 1 // it is never raised here
	checkForked    = 2 // raised on a side reported as an error; s is not raising
	checkForkedUnd = 3 // that side reported, whether s may raise undecided
)

// String encodes a decision for a prefix file: kind letter, site, ':',
// value in hex (":hi" when the high word is set), '!' when Both.
func (d Decision) String() string {
	s := fmt.Sprintf("%c%d:%x", d.Kind, d.Site, d.Val.Lo)
	if d.Val.Hi != 0 {
		s += fmt.Sprintf(":%x", d.Val.Hi)
	}
	if d.Both {
		s += "!"
	}
	return s
}

// ParseDecision reads a decision's encoding (Decision.String).
func ParseDecision(s string) (Decision, error) {
	var d Decision
	if len(s) < 4 {
		return d, fmt.Errorf("decision %q: too short", s)
	}
	switch k := DecisionKind(s[0]); k {
	case DecBranch, DecValue, DecCheck, DecAssume:
		d.Kind = k
	default:
		return d, fmt.Errorf("decision %q: unknown kind %q", s, s[0])
	}
	body := s[1:]
	if strings.HasSuffix(body, "!") {
		d.Both, body = true, body[:len(body)-1]
	}
	f := strings.Split(body, ":")
	if len(f) < 2 || len(f) > 3 {
		return d, fmt.Errorf("decision %q: want KIND SITE:VALUE[:HIGH][!]", s)
	}
	site, err := strconv.ParseInt(f[0], 10, 32)
	if err != nil {
		return d, fmt.Errorf("decision %q: site: %w", s, err)
	}
	d.Site = int32(site)
	if d.Val.Lo, err = strconv.ParseUint(f[1], 16, 64); err != nil {
		return d, fmt.Errorf("decision %q: value: %w", s, err)
	}
	if len(f) == 3 {
		if d.Val.Hi, err = strconv.ParseUint(f[2], 16, 64); err != nil {
			return d, fmt.Errorf("decision %q: value: %w", s, err)
		}
	}
	return d, nil
}

// decNode is a path's decision list, newest first: forks share the older
// part, so recording costs one node per decision.
type decNode struct {
	d    Decision
	prev *decNode
	n    int
}

// list returns the decisions oldest first.
func (n *decNode) list() []Decision {
	if n == nil {
		return nil
	}
	out := make([]Decision, n.n)
	for k := n; k != nil; k = k.prev {
		out[k.n-1] = k.d
	}
	return out
}

// prefixState is the executor's part in splitting: the site index and,
// for a part run, the state following the prefix.
type prefixState struct {
	sites    map[*ir.Inst]int32
	siteList []*ir.Inst
	// replayed counts the decisions followed; checks the prefix's
	// feasibility checks (one per part).
	replayed, checks int
}

// SiteOf is an instruction's index in the module (-1 for nil or an
// instruction of no function).
func (e *Executor) SiteOf(in *ir.Inst) int32 {
	if in == nil {
		return -1
	}
	if e.pfx.sites == nil {
		e.pfx.sites = map[*ir.Inst]int32{}
		for _, f := range e.m.Funcs {
			for b := range f.Blocks {
				for k := range f.Blocks[b].Insts {
					in := &f.Blocks[b].Insts[k]
					e.pfx.sites[in] = int32(len(e.pfx.siteList))
					e.pfx.siteList = append(e.pfx.siteList, in)
				}
			}
		}
	}
	if i, ok := e.pfx.sites[in]; ok {
		return i
	}
	return -1
}

// siteWhere names a site for messages: file:line of the instruction.
func (e *Executor) siteWhere(site int32) string {
	if site < 0 || int(site) >= len(e.pfx.siteList) {
		return fmt.Sprintf("site %d", site)
	}
	return fmt.Sprintf("%s (site %d)", e.m.Where(e.pfx.siteList[site].Loc), site)
}

// recording reports whether decisions are recorded (a split run).
func (e *Executor) recording() bool { return e.cfg.Split > 0 }

// record appends a decision to s's list (split runs only).
func (e *Executor) record(s *State, in *ir.Inst, k DecisionKind, v arith.Word, both bool) {
	if !e.recording() {
		return
	}
	n := 1
	if s.decs != nil {
		n = s.decs.n + 1
	}
	s.decs = &decNode{d: Decision{Site: e.SiteOf(in), Kind: k, Val: v, Both: both}, prev: s.decs, n: n}
}

// replayNext returns s's next decision to follow when s follows a
// prefix: ok is false when it does not (any more). A decision of another
// kind or site is a prefix that does not fit: the path ends with an
// error naming both.
func (e *Executor) replayNext(s *State, in *ir.Inst, k DecisionKind) (d Decision, ok bool, term *Termination) {
	if len(s.replay) == 0 {
		return d, false, nil
	}
	d = s.replay[0]
	site := e.SiteOf(in)
	if d.Kind != k || d.Site != site {
		n := e.pfx.replayed
		s.replay = nil
		e.complete = false
		return d, false, e.terminate(s, in, TermExec,
			"prefix does not fit this program: its decision %d is %c at %s, the path reached %c at %s (was the prefix written for this program, its arguments and flags?)",
			n+1, d.Kind, e.siteWhere(d.Site), k, e.siteWhere(site))
	}
	s.replay = s.replay[1:]
	e.pfx.replayed++
	if d.Both {
		s.Depth++
	}
	if len(s.replay) == 0 {
		// The prefix is followed: the state stops here (as at a fork)
		// so that its feasibility is checked before it goes on.
		s.prefixEnd = true
		s.forked = true
	}
	return d, true, nil
}

// prefixEndCheck is the one solver check of a followed prefix: its path
// condition must be satisfiable. It returns true when it ended s.
func (e *Executor) prefixEndCheck(s *State) bool {
	s.prefixEnd = false
	e.pfx.checks++
	e.stats.Queries++
	m, err := e.solver.GetModel(s.Constraints, s.arrays())
	if err == nil {
		s.keepModel(m)
		return false
	}
	var t *Termination
	var in *ir.Inst
	if len(s.Stack) > 0 {
		fr := s.top()
		in = &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
	}
	if errors.Is(err, solver.ErrUnsat) {
		e.complete = false
		t = e.terminate(s, in, TermExec, "the prefix's path condition is unsatisfiable: it does not fit this program, its arguments or flags")
	} else {
		t = e.terminate(s, in, TermSolver, "solver failure checking the prefix's path condition: %v", err)
	}
	e.finish(s, t)
	return true
}

// forkReplay follows a recorded branch at a fork (fork's first step
// when s follows a prefix); ok is false when s follows none.
func (e *Executor) forkReplay(s *State, in *ir.Inst, cond *expr.Expr) (t, f *State, term *Termination, ok bool) {
	d, ok, term := e.replayNext(s, in, DecBranch)
	if term != nil {
		return nil, nil, term, true
	}
	if !ok {
		return nil, nil, nil, false
	}
	if d.Both {
		e.forks++
	}
	if d.Val.Lo == 1 {
		s.addConstraint(cond)
		return s, nil, nil, true
	}
	s.addConstraint(e.B.Not(cond))
	return nil, s, nil, true
}

// forkRecord records a fork's outcome on the states leaving it.
func (e *Executor) forkRecord(in *ir.Inst, t, f *State) {
	if !e.recording() {
		return
	}
	both := t != nil && f != nil
	if t != nil {
		e.record(t, in, DecBranch, arith.Word{Lo: 1}, both)
	}
	if f != nil {
		e.record(f, in, DecBranch, arith.Word{}, both)
	}
}

// solverValue is a value the solver picks for x on s (an example
// address), recorded in a split run and taken from the prefix in a part.
func (e *Executor) solverValue(s *State, in *ir.Inst, x *expr.Expr) (arith.Word, *Termination, error) {
	if d, ok, term := e.replayNext(s, in, DecValue); term != nil || ok {
		return d.Val, term, nil
	}
	e.stats.Queries++
	w, err := e.solver.GetValue(s.Constraints, x)
	if err == nil {
		e.record(s, in, DecValue, w, false)
	}
	return w, nil, err
}
