package solver

import "github.com/sirupsen/logrus"

// buildChain assembles the stages, cheapest first (KLEE's
// ConstructSolverChain): Independence → Cache → CexCache → Native →
// Validating → Z3, one line per optional stage. Validation is not optional.
func buildChain(cfg Config, core stage, st *Stats, log *logrus.Entry) stage {
	s := newValidating(core, log)
	if !cfg.NoNative {
		s = newNativeStage(s, core, cfg, st)
	}
	if !cfg.NoCexCache {
		s = newCexCache(s, st)
	}
	if !cfg.NoCache {
		s = newCache(s, st)
	}
	if !cfg.NoIndependence {
		s = newIndependence(s, newArrayIndex())
	}
	return s
}
