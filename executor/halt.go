package executor

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
)

// How a run ends on time: the exploration stops at --max-time (or on an
// interrupt, or at the instruction limit), and every state still alive
// ends early. Its test comes from a model already known where one fits
// (the path's last model, the solver's recent ones: no solver call), else
// from the solver within the test budget; a state left over gets no test
// and is listed (PathResult.WithoutTest), never dropped. With --max-time
// T, all of it ends by T + RunSlack, whatever is in flight: a solver
// check that overruns is abandoned by the solver's facade.

// RunSlack is how far past --max-time a run may go: the tests of the
// states alive and the output. The tests end outputReserve before it:
// the output (summary.json of thousands of paths: tens of ms), and the
// process's own start before the run's clock starts and its exit (with
// the z3 library loaded, 0.2-0.3 s on a loaded machine).
const (
	RunSlack      = time.Second
	outputReserve = 500 * time.Millisecond
)

// interruptTestTime bounds the tests of the states alive at an interrupt
// (the user asked to stop; a second interrupt stops at once).
const interruptTestTime = time.Second

// limitState is the executor's part in ending on time.
type limitState struct {
	// interrupted is set (from any goroutine) when the run's context
	// ends: the query in flight is abandoned, the state ends interrupted.
	interrupted atomic.Bool
	// halting is set while the states alive are ended.
	halting bool
}

// interrupt is called when the run's context ends.
func (e *Executor) interrupt() {
	e.lim.interrupted.Store(true)
	// Every later solver call (the test of the path whose query was
	// abandoned, those of the states alive) ends within the interrupt's
	// test time.
	e.solver.SetDeadline(time.Now().Add(interruptTestTime))
	e.solver.Interrupt()
}

// testBudget is the time for the tests of the states alive at a halt:
// MaxTestTime, by default a tenth of MaxTime, at least a second.
func (e *Executor) testBudget() time.Duration {
	if e.cfg.MaxTestTime > 0 {
		return e.cfg.MaxTestTime
	}
	return max(e.cfg.MaxTime/10, time.Second)
}

// exploreEnd is when the exploration stops under MaxTime (zero: no
// limit): half the test budget before it, so that the tests of the
// states alive have time before hardEnd (writing a test from a known
// model costs milliseconds per state on a loaded machine; the solver
// more).
func (e *Executor) exploreEnd() time.Time {
	if e.cfg.MaxTime <= 0 {
		return time.Time{}
	}
	return e.start.Add(max(e.cfg.MaxTime-e.testBudget()/2, e.cfg.MaxTime/2))
}

// hardEnd is when the tests of the states alive must be done (zero: no
// --max-time).
func (e *Executor) hardEnd() time.Time {
	if e.cfg.MaxTime <= 0 {
		return time.Time{}
	}
	return e.start.Add(e.cfg.MaxTime + RunSlack - outputReserve)
}

// halt ends every remaining state early; they still get tests, as with
// KLEE's --dump-states-on-halt. Test generation has its own budget
// (MaxTestTime; default a tenth of the exploration time, at least a
// second; at most interruptTestTime after an interrupt; and never past
// hardEnd), a deadline for the solver, shared out among the states still
// to finish (the KLEE-float study's dynamic timeout).
func (e *Executor) halt(why string) {
	kind := TermLimit
	if why == EndedInterrupted {
		kind = TermInterrupted
	}
	budget := e.testBudget()
	if kind == TermInterrupted {
		budget = min(budget, interruptTestTime)
	}
	end := time.Now().Add(budget)
	if h := e.hardEnd(); !h.IsZero() && end.After(h) {
		end = h
	}
	e.lim.halting = true
	e.solver.SetDeadline(end)
	e.mergeFlush()
	var alive []*State
	for e.search.Len() > 0 {
		s := e.search.Select()
		e.search.Remove(s)
		alive = append(alive, s)
	}
	term := func(s *State) *Termination {
		var in *ir.Inst
		if len(s.Stack) > 0 {
			fr := s.top()
			in = &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		}
		return e.terminate(s, in, kind, "%s", why)
	}
	// First the models already known: no solver call.
	known := e.solver.NewKnownSearch()
	var rest []*State
	for i, s := range alive {
		if !time.Now().Before(end) {
			rest = append(rest, alive[i:]...)
			break
		}
		m, ok := known.Find(s.Constraints, s.arrays(), s.hints()...)
		if ok {
			s.testModel = m
			e.finish(s, term(s))
			e.progress(false)
			continue
		}
		rest = append(rest, s)
	}
	// Then the solver, while the budget lasts; the others get no test.
	for i, s := range rest {
		left := time.Until(end)
		if left <= 0 {
			s.noTest = fmt.Sprintf("no time left for its test (%d states left)", len(rest)-i)
		} else if e.cfg.SolverTimeout == 0 {
			e.solver.SetTimeout(max(left/time.Duration(len(rest)-i), 50*time.Millisecond))
		}
		e.finish(s, term(s))
		e.progress(false)
	}
}

// knownTest returns the model a test can be made from without asking
// the solver: the one halt found, or, past the deadline or after an
// interrupt (when the solver may no longer be asked), a known one.
func (e *Executor) knownTest(s *State) (solver.Model, bool) {
	if s.testModel != nil {
		return s.testModel, true
	}
	if e.lim.halting {
		return nil, false // halt tried the known models already
	}
	if e.lim.interrupted.Load() || (!e.deadline.IsZero() && time.Now().After(e.deadline)) {
		return e.solver.KnownModel(s.Constraints, s.arrays(), s.hints()...)
	}
	return nil, false
}

// modelChain is a path's models, newest first (shared by forks).
type modelChain struct {
	m    solver.Model
	next *modelChain
	len  int // nodes from here to the end
}

// maxHints is how many of a path's models KnownModel is given.
const maxHints = 256

// keepModel records m as the path's newest model (nil: none). The chain
// is cut back to its newest maxHints models when it reaches twice that
// (memory stays bounded on long paths; amortised O(1) per fork).
func (s *State) keepModel(m solver.Model) {
	if m == nil {
		return
	}
	n := 1
	if s.models != nil {
		n += s.models.len
	}
	s.models = &modelChain{m: m, next: s.models, len: n}
	if n < 2*maxHints {
		return
	}
	hs := s.hints() // the newest maxHints
	s.models = nil
	for i := len(hs) - 1; i >= 0; i-- {
		k := 1
		if s.models != nil {
			k += s.models.len
		}
		s.models = &modelChain{m: hs[i], next: s.models, len: k}
	}
}

// hints lists the path's models, newest first.
func (s *State) hints() []solver.Model {
	var hs []solver.Model
	for c := s.models; c != nil && len(hs) < maxHints; c = c.next {
		hs = append(hs, c.m)
	}
	return hs
}

// settleTime is how long the end of a run without --max-time waits for
// an abandoned solver check (after an interrupt) to end and be counted.
const settleTime = 200 * time.Millisecond

// settle lets an abandoned solver check end, within the run's limits, so
// that the statistics count it.
func (e *Executor) settle() {
	by := e.hardEnd()
	if by.IsZero() {
		by = time.Now().Add(settleTime)
	}
	e.solver.Settle(by)
}
