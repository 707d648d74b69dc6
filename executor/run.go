package executor

import (
	"context"
	"fmt"
	"time"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/sirupsen/logrus"
)

// The exploration loop: pick a state, run it until it forks or ends,
// finish paths with their tests, and stop at the limits.

// Run explores the program from its entry function until every path has
// ended or a limit is reached.
func (e *Executor) Run(ctx context.Context) (*Result, error) {
	e.start = e.cfg.Started
	if e.start.IsZero() {
		e.start = time.Now()
	}
	entry, ok := e.m.FuncByName[e.cfg.Entry]
	if !ok || entry.IsDeclaration() {
		return nil, fmt.Errorf("entry function %s is not defined", e.cfg.Entry)
	}
	deadline := e.exploreEnd()
	e.deadline = deadline
	// A query in flight is interrupted at the deadline, or when ctx ends
	// (the user's ^C): the run ends on time and still writes its tests.
	e.solver.SetDeadline(deadline)
	defer context.AfterFunc(ctx, e.interrupt)()
	if err := e.checkSplitConfig(); err != nil {
		return nil, err
	}
	states, err := e.initialStates(e.init, entry)
	if err != nil {
		return nil, err
	}
	for i, s := range states {
		s.initial = i
	}
	if states, err = e.startStates(states); err != nil { // split.go
		return nil, err
	}
	e.res = &Result{}
	e.complete = true
	for _, s := range states {
		e.addState(s)
	}
	e.startProgress()
	defer e.stopProgress()
	for e.search.Len() > 0 || e.mergeFlush() {
		if why := e.haltReason(ctx, deadline); why != "" {
			e.endedBy = why
			e.halt(why)
			break
		}
		if e.splitDue() {
			e.endedBy = EndedSplit
			e.splitOff() // split.go
			break
		}
		e.runStateGuarded(ctx, e.search.Select()) // recover.go
		e.progress(false)
	}
	if e.lim.interrupted.Load() && e.endedBy == "" {
		e.endedBy = EndedInterrupted // (a query in flight was abandoned)
	}
	e.settle()
	e.progress(true)
	e.stopProgress()
	e.finishResult()
	e.finishCoverage() // coverage_out.go
	e.logCanonical()   // canonical.go
	e.res.Wall = time.Since(e.start)
	e.res.Instructions = e.instructions
	e.res.SymbolicObjects = e.symbolics
	e.res.Solver = e.solver.Stats()
	e.res.Complete = e.complete
	e.res.Replay = ReplayStats{Decisions: e.pfx.replayed, Checks: e.pfx.checks}
	if e.cfg.Merge {
		e.res.Merge = &e.mstats
	}
	return e.res, nil
}

func (e *Executor) haltReason(ctx context.Context, deadline time.Time) string {
	switch {
	case e.haltRequest != "":
		return e.haltRequest
	case ctx.Err() != nil:
		return "interrupted"
	case !deadline.IsZero() && time.Now().After(e.stopBy(deadline)): // halt_reserve.go
		return "time limit reached"
	case e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions:
		return "instruction limit reached"
	}
	return ""
}

// checkEvery is how many instructions run between checks of the limits:
// often enough to stop promptly, rare enough to cost nothing.
const checkEvery = 1 << 14

// quantum is how long a state runs before the searcher picks again (DFS
// keeps going until the state forks or ends).
const quantum = 1 << 16

// runState runs a state until it ends, forks, or uses its quantum.
func (e *Executor) runState(ctx context.Context, s *State) {
	budget := checkEvery
	dfs := e.cfg.Search == "" || e.cfg.Search == "dfs"
	if len(s.merges) > 0 && e.parkIfJoin(s) {
		return
	}
	if s.prefixEnd && e.prefixEndCheck(s) { // prefix.go
		return
	}
	for n := 0; ; n++ {
		fr := s.Stack[len(s.Stack)-1]
		in := &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		if s.Insts >= e.coverFrom && e.cover(fr) { // coverage.go
			e.coverFirst(s, fr)
		}
		fr.PC++
		s.Insts++
		e.instructions++
		if t := e.step(s, fr, in); t != nil {
			e.finish(s, t)
			return
		}
		if s.forked {
			s.forked = false
			return
		}
		if len(s.merges) > 0 && s.top().PC == 0 && e.parkIfJoin(s) {
			return
		}
		if budget--; budget == 0 {
			budget = checkEvery
			if ctx.Err() != nil || (e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions) ||
				(!e.deadline.IsZero() && time.Now().After(e.deadline)) {
				return
			}
			if e.cfg.MaxMemory > 0 && e.overMemory() && e.shedStates(s) {
				return // the running state was the one ended (memlimit.go)
			}
			e.progress(false)
			if !dfs && n >= quantum {
				return
			}
		}
	}
}

// addState registers a new state with the searcher.
func (e *Executor) addState(s *State) { e.search.Add(s) }

// finish ends a path: it leaves the searcher, gets a test (a model of its
// symbolic inputs) unless it ended silently, and is recorded.
func (e *Executor) finish(s *State, t *Termination) {
	t = e.propertyEnd(t)
	e.search.Remove(s)
	e.mergeEnded(s)
	for len(s.Stack) > 0 {
		e.popFrame(s)
	}
	if t.Kind.IsEarly() || t.Kind == TermSolver || t.Kind == TermExec || t.Kind == TermModel {
		e.complete = false
	}
	pr := PathResult{ID: s.ID, Term: *t, Instructions: s.Insts, LibmUninterpreted: s.libmUninterp}
	key := errorKey{kind: t.Kind, suffix: t.Suffix, detail: t.Detail, file: t.File, line: t.Line}
	if t.Kind.IsError() && !e.cfg.EmitAllErrors && e.emitted[key] {
		// As KLEE: one test per error location and kind; later paths
		// reaching it are only counted (no test, no solver query).
		pr.Duplicate = true
	}
	if t.Kind != TermSilent && !pr.Duplicate && !e.skipTest(s, t) {
		objs, model, err := e.makeTest(s)
		if err == nil && t.exitExpr != nil {
			// A symbolic exit status is whatever this test's inputs give:
			// the status is an observation, not a fork.
			pr.Term.ExitStatus = int(expr.NewEvaluator(model).Eval(t.exitExpr).Lo & 0xFF)
		}
		if err != nil {
			// No valid inputs for this path: never write a wrong test.
			kind := TermSolver
			switch {
			case t.Kind.IsEarly():
				kind = t.Kind
			case e.lim.interrupted.Load():
				kind = TermInterrupted
			case !e.deadline.IsZero() && time.Now().After(e.deadline):
				kind = TermLimit
			}
			pr.Term = Termination{Kind: kind, Message: fmt.Sprintf("no test: %v (path ended with: %s)", err, t), File: t.File, Line: t.Line, Stack: t.Stack}
			// Cut off with no test: listed in summary.json, not dropped.
			pr.WithoutTest = kind.IsEarly()
			e.complete = false
		}
		pr.Objects = objs
		pr.TestFromKnown = err == nil && t.Kind.IsEarly() && (s.testKnown || len(s.Symbolics) == 0)
		if e.cfg.Output != nil && err == nil {
			kt := &ktest.Test{Args: e.cfg.Args, Objects: objs}
			if pr.Term.Kind.IsError() {
				e.describeArgs(&pr.Term, model)
			}
			w0 := time.Now()
			name, werr := e.cfg.Output.WriteTest(kt, &pr.Term, pr.Term.AsmLine)
			e.tests.add(time.Since(w0))
			if werr != nil {
				e.log.WithError(werr).Error("writing test")
			}
			pr.Test = name
		}
		if err == nil && pr.Term.Kind.IsError() && !pr.LibmUninterpreted {
			// (A candidate may not replay: it reports nothing yet.)
			if e.emitted == nil {
				e.emitted = map[errorKey]bool{}
			}
			e.emitted[key] = true
		}
	}
	if pr.Term.Kind.IsError() {
		l := e.log.WithFields(logrus.Fields{"kind": pr.Term.Kind.String(), "file": pr.Term.File, "line": pr.Term.Line, "test": pr.Test})
		if pr.Duplicate {
			l.Debug("reached again: " + pr.Term.Message)
		} else {
			l.Warn(pr.Term.Message)
		}
	}
	e.noteError(&pr)
	e.res.Paths = append(e.res.Paths, pr)
}

// errorKey identifies an error for EmitAllErrors: its kind (and
// klee_report_error suffix) and location.
type errorKey struct {
	kind   TermKind
	suffix string
	detail string
	file   string
	line   int
}

// makeTest solves the path condition for concrete inputs.
func (e *Executor) makeTest(s *State) ([]ktest.Object, solver.Model, error) {
	objs := make([]ktest.Object, len(s.Symbolics))
	if len(s.Symbolics) == 0 {
		return objs, nil, nil
	}
	if s.noTest != "" {
		return nil, nil, fmt.Errorf("%s", s.noTest)
	}
	m, known := e.knownTest(s)
	s.testKnown = known
	if !known {
		e.stats.Queries++
		var err error
		if m, err = e.solver.GetModel(s.Constraints, s.arrays()); err != nil {
			return nil, nil, err
		}
	}
	m = e.canonicalModel(s, m) // canonical.go
	for i, so := range s.Symbolics {
		b := make([]byte, so.Array.Size)
		for j := range b {
			b[j] = m.Byte(so.Array, uint64(j))
		}
		objs[i] = ktest.Object{Name: so.Name, Bytes: b}
	}
	return objs, m, nil
}

// arrays lists the path's symbolic inputs.
func (s *State) arrays() []*expr.Array {
	as := make([]*expr.Array, len(s.Symbolics))
	for i, so := range s.Symbolics {
		as[i] = so.Array
	}
	return as
}
