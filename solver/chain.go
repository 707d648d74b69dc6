package solver

import "github.com/sirupsen/logrus"

// buildChain assembles the stages, cheapest first (KLEE's
// ConstructSolverChain): Independence → Cache → CexCache → Native →
// Validating → SMT, one line per optional stage. Validation is not optional. Each
// stage's counters are registered in chain order.
func buildChain(cfg Config, core stage, st *Stats, stages *stageList, log *logrus.Entry) stage {
	var indep, cache, cex, nat, beside *StageStats
	if !cfg.NoIndependence {
		indep = stages.add("independence")
	}
	if !cfg.NoCache {
		cache = stages.add("cache")
	}
	if !cfg.NoCexCache {
		cex = stages.add("cexcache")
	}
	if !cfg.NoNative {
		nat = stages.add("native")
		beside = stages.add("native-beside")
	}
	s := newValidating(core, log)
	if !cfg.NoNative {
		s = newNativeStage(s, core, cfg, nat, beside)
		s.(*nativeStage).rules = &st.NativeRules
	}
	if !cfg.NoCexCache {
		s = newCexCache(s, st, cex)
	}
	if !cfg.NoCache {
		s = newCache(s, st, cache)
	}
	if !cfg.NoIndependence {
		s = newIndependence(s, newArrayIndex(), indep)
	}
	return s
}
