package executor

import (
	"time"

	"github.com/floatsym/floatsym/solver"
)

// canonicalModel is, under Config.CanonicalTests, the test model of s
// that depends on its path condition alone (solver.CanonicalModel), else
// m. When the canonical search finds none, m is kept and counted
// (Result.CanonicalMisses: those tests may differ between two runs).
func (e *Executor) canonicalModel(s *State, m solver.Model) solver.Model {
	if !e.cfg.CanonicalTests {
		return m
	}
	start := time.Now()
	c, ok := e.solver.CanonicalModel(s.Constraints, s.arrays())
	e.canonical.took += time.Since(start)
	if ok {
		e.canonical.found++
		return c
	}
	e.canonical.missed++
	return m
}

// canonicalStats count the tests whose model CanonicalModel gave, and
// those it could not.
type canonicalStats struct {
	found, missed int
	took          time.Duration
}

// logCanonical reports, under Config.CanonicalTests, how many tests got
// a canonical model (a test without one is a warning: it may differ
// between two runs of the same seed and split).
func (e *Executor) logCanonical() {
	if !e.cfg.CanonicalTests {
		return
	}
	l := e.log.WithField("canonical", e.canonical.found).WithField("not_canonical", e.canonical.missed).
		WithField("took", e.canonical.took.Round(time.Millisecond))
	if e.canonical.missed > 0 {
		l.Warn("tests whose model the canonical search did not find keep the solver's (they may differ between runs)")
		return
	}
	l.Info("every test's model is canonical")
}
