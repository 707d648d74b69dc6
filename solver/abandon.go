package solver

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// A facade call runs its check of the chain on a goroutine of its own and
// waits for it, for the run's deadline (plus abandonGrace) or for
// Interrupt, whichever comes first. A stage that does not stop on time
// (a search or proof that overruns its budget) then delays nobody: the
// call returns ErrTimeout and the check is abandoned — it goes on, holding
// busy, until it ends by itself, its answer dropped. The next call waits
// for busy under the same limits, so the chain's stages still see one
// query at a time and their counters (s.stats, the stages') are only
// touched by busy's holder.

// abandonGrace is how long past the deadline a check may still end on
// its own (the stages stop on time by design: the SMT backends are
// interrupted at the deadline exactly; this is only a backstop).
const abandonGrace = 100 * time.Millisecond

// call is a facade call's check in flight.
type call struct {
	abandon chan struct{}
	once    sync.Once
}

func (c *call) stop() { c.once.Do(func() { close(c.abandon) }) }

type result struct {
	sat   bool
	m     Model
	err   error
	panic any
}

// abandonCurrent abandons the check in flight, if any.
func (s *Solver) abandonCurrent() {
	s.curMu.Lock()
	if s.cur != nil {
		s.cur.stop()
	}
	s.curMu.Unlock()
}

// run checks q on the chain, within the deadline (see above).
func (s *Solver) run(q *query) (bool, Model, error) {
	c := &call{abandon: make(chan struct{})}
	s.curMu.Lock()
	s.cur = c
	s.curMu.Unlock()
	defer func() {
		s.curMu.Lock()
		s.cur = nil
		s.curMu.Unlock()
	}()
	var timeUp <-chan time.Time
	if d := s.smt.deadline.Load(); d != 0 {
		t := time.NewTimer(time.Until(time.Unix(0, d)) + abandonGrace)
		defer t.Stop()
		timeUp = t.C
	}
	select {
	case s.busy <- struct{}{}:
	case <-c.abandon:
		return false, nil, fmt.Errorf("%w: interrupted (an abandoned check was still running)", ErrTimeout)
	case <-timeUp:
		return false, nil, fmt.Errorf("%w: the time limit passed (an abandoned check was still running)", ErrTimeout)
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		defer func() { <-s.busy }()
		var r result
		func() {
			defer func() {
				if p := recover(); p != nil {
					r = result{panic: p}
				}
			}()
			r.sat, r.m, r.err = s.chain.check(q)
		}()
		s.finished(&r)
		done <- r
	}()
	select {
	case r := <-done:
		if r.panic != nil {
			panic(r.panic) // the caller's bug or ours: as if run inline
		}
		return r.sat, r.m, r.err
	case <-c.abandon:
		s.smt.interrupt()
		s.log.WithField("after", time.Since(start)).Debug("solver: check abandoned: interrupted")
		return false, nil, fmt.Errorf("%w: interrupted", ErrTimeout)
	case <-timeUp:
		s.smt.interrupt()
		s.log.WithField("after", time.Since(start)).Warn("solver: a check overran the time limit and was abandoned")
		return false, nil, fmt.Errorf("%w: the time limit passed during the check (abandoned after %s)", ErrTimeout,
			time.Since(start).Round(time.Millisecond))
	}
}

// finished does a check's bookkeeping, on its goroutine (holding busy):
// the chain's counters, their snapshot, and the known models.
func (s *Solver) finished(r *result) {
	if r.err != nil {
		switch {
		case errors.Is(r.err, ErrTimeout):
			s.stats.Timeouts++
		case errors.Is(r.err, ErrModelMismatch):
			s.stats.Mismatches++
			s.log.WithError(r.err).Warn("solver model mismatch")
		}
	}
	if r.err == nil && r.sat && r.m != nil {
		s.known.add(r.m)
	}
	s.snapMu.Lock()
	s.snap = s.stats
	s.snap.Stages = s.stages.snapshot()
	s.snap.NativeRules = append([]NativeRule(nil), s.stats.NativeRules...)
	s.snapMu.Unlock()
}

// Settle waits until limit at most for an abandoned check to end, so
// that Stats counts it (e.g. the interrupt of the SMT backends); it
// reports whether the chain is idle.
func (s *Solver) Settle(limit time.Time) bool {
	t := time.NewTimer(time.Until(limit))
	defer t.Stop()
	select {
	case s.busy <- struct{}{}:
		<-s.busy
		return true
	case <-t.C:
		return false
	}
}
