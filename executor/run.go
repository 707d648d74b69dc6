package executor

import (
	"context"
	"fmt"
	"time"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/sirupsen/logrus"
)

// The exploration loop: pick a state, run it until it forks or ends,
// finish paths with their tests, and stop at the limits.

// Run explores the program from its entry function until every path has
// ended or a limit is reached.
func (e *Executor) Run(ctx context.Context) (*Result, error) {
	e.start = time.Now()
	entry, ok := e.m.FuncByName[e.cfg.Entry]
	if !ok || entry.IsDeclaration() {
		return nil, fmt.Errorf("entry function %s is not defined", e.cfg.Entry)
	}
	var deadline time.Time
	if e.cfg.MaxTime > 0 {
		deadline = e.start.Add(e.cfg.MaxTime)
	}
	e.deadline = deadline
	// A query in flight is interrupted at the deadline, or when ctx ends
	// (the user's ^C): the run ends on time and still writes its tests.
	e.solver.SetDeadline(deadline)
	defer context.AfterFunc(ctx, e.solver.Interrupt)()
	states, err := e.initialStates(e.init, entry)
	if err != nil {
		return nil, err
	}
	e.res = &Result{}
	e.complete = true
	for _, s := range states {
		e.addState(s)
	}
	for e.search.Len() > 0 {
		if why := e.haltReason(ctx, deadline); why != "" {
			e.haltAll(why)
			break
		}
		e.runStateGuarded(ctx, e.search.Select()) // recover.go
		e.progress(false)
	}
	e.progress(true)
	e.res.Wall = time.Since(e.start)
	e.res.Instructions = e.instructions
	e.res.SymbolicObjects = e.symbolics
	e.res.Solver = e.solver.Stats()
	e.res.Complete = e.complete
	return e.res, nil
}

func (e *Executor) haltReason(ctx context.Context, deadline time.Time) string {
	switch {
	case ctx.Err() != nil:
		return "interrupted"
	case !deadline.IsZero() && time.Now().After(deadline):
		return "time limit reached"
	case e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions:
		return "instruction limit reached"
	}
	return ""
}

// haltAll ends every remaining state early; they still get tests, as with
// KLEE's --dump-states-on-halt. Test generation has its own budget
// (MaxTestTime; default a tenth of the exploration time, at least a
// second), a deadline for the solver, shared out among the states still
// to finish (the KLEE-float study's dynamic timeout): a state whose test
// is not found in time ends as a limit without a test.
func (e *Executor) haltAll(why string) {
	budget := e.cfg.MaxTestTime
	if budget <= 0 {
		budget = max(e.cfg.MaxTime/10, time.Second)
	}
	end := time.Now().Add(budget)
	e.solver.SetDeadline(end)
	for e.search.Len() > 0 {
		if e.cfg.SolverTimeout == 0 {
			e.solver.SetTimeout(max(time.Until(end)/time.Duration(e.search.Len()), 50*time.Millisecond))
		}
		s := e.search.Select()
		var in *ir.Inst
		if len(s.Stack) > 0 {
			fr := s.top()
			in = &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		}
		e.finish(s, e.terminate(s, in, TermLimit, "%s", why))
	}
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
	for n := 0; ; n++ {
		fr := s.Stack[len(s.Stack)-1]
		in := &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
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
		if budget--; budget == 0 {
			budget = checkEvery
			if ctx.Err() != nil || (e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions) ||
				(e.cfg.MaxTime > 0 && time.Since(e.start) > e.cfg.MaxTime) {
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
	e.search.Remove(s)
	for len(s.Stack) > 0 {
		e.popFrame(s)
	}
	if t.Kind == TermLimit || t.Kind == TermSolver || t.Kind == TermExec || t.Kind == TermModel {
		e.complete = false
	}
	pr := PathResult{ID: s.ID, Term: *t, Instructions: s.Insts, LibmUninterpreted: s.libmUninterp}
	key := errorKey{kind: t.Kind, suffix: t.Suffix, file: t.File, line: t.Line}
	if t.Kind.IsError() && !e.cfg.EmitAllErrors && e.emitted[key] {
		// As KLEE: one test per error location and kind; later paths
		// reaching it are only counted (no test, no solver query).
		pr.Duplicate = true
	}
	if t.Kind != TermSilent && !pr.Duplicate {
		objs, model, err := e.makeTest(s)
		if err == nil && t.exitExpr != nil {
			// A symbolic exit status is whatever this test's inputs give:
			// the status is an observation, not a fork.
			pr.Term.ExitStatus = int(expr.NewEvaluator(model).Eval(t.exitExpr).Lo & 0xFF)
		}
		if err != nil {
			// No valid inputs for this path: never write a wrong test.
			kind := TermSolver
			if t.Kind == TermLimit || (!e.deadline.IsZero() && time.Now().After(e.deadline)) {
				kind = TermLimit
			}
			pr.Term = Termination{Kind: kind, Message: fmt.Sprintf("no test: %v (path ended with: %s)", err, t), File: t.File, Line: t.Line, Stack: t.Stack}
			e.complete = false
		}
		pr.Objects = objs
		if e.cfg.Output != nil && err == nil {
			kt := &ktest.Test{Args: e.cfg.Args, Objects: objs}
			name, werr := e.cfg.Output.WriteTest(kt, &pr.Term, 0)
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
	e.res.Paths = append(e.res.Paths, pr)
}

// errorKey identifies an error for EmitAllErrors: its kind (and
// klee_report_error suffix) and location.
type errorKey struct {
	kind   TermKind
	suffix string
	file   string
	line   int
}

// makeTest solves the path condition for concrete inputs.
func (e *Executor) makeTest(s *State) ([]ktest.Object, solver.Model, error) {
	objs := make([]ktest.Object, len(s.Symbolics))
	if len(s.Symbolics) == 0 {
		return objs, nil, nil
	}
	e.stats.Queries++
	m, err := e.solver.GetModel(s.Constraints, s.arrays())
	if err != nil {
		return nil, nil, err
	}
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

// progress writes a status line every few seconds (and a last one).
func (e *Executor) progress(final bool) {
	if e.cfg.Progress == nil {
		return
	}
	now := time.Now()
	if !final && now.Sub(e.lastProgress) < 2*time.Second {
		return
	}
	if !final && e.lastProgress.IsZero() {
		// Short runs print nothing until they have run for a while.
		if now.Sub(e.start) < 2*time.Second {
			return
		}
	}
	if final && (e.lastProgress.IsZero() || now.Sub(e.lastProgress) < time.Second) {
		return
	}
	e.lastProgress = now
	st := e.solver.Stats()
	fmt.Fprintf(e.cfg.Progress, "floatsym: %s: paths %d done, %d active; tests %d; instructions %d; queries %d (solver %s)\n",
		now.Sub(e.start).Round(100*time.Millisecond), len(e.res.Paths), e.search.Len(), e.testsWritten(),
		e.instructions, st.Queries, st.Time.Round(10*time.Millisecond))
}

func (e *Executor) testsWritten() int {
	if e.cfg.Output == nil {
		return 0
	}
	return e.cfg.Output.Tests()
}
