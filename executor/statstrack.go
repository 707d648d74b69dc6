package executor

import (
	"runtime/metrics"
	"syscall"
	"time"
)

// Run statistics over time (KLEE's StatsTracker): at the exploration's
// checkpoints (progress) the executor samples its counters every
// Config.StatsEvery and every Config.StatsEveryInstructions instructions,
// plus once at the start and once at the end of the run, whatever ended
// it (completion, a limit, an interrupt), and hands each sample to
// Config.Stats. The CLI writes them as run.stats rows
// (internal/runstats); the executor knows nothing of the database.

// StatsSample is the run's counters at one moment. Times are totals
// since the run's start.
type StatsSample struct {
	Instructions uint64
	// Branch and line coverage of the program under test
	// (CoverageCounts); CoveredInstructions and TotalInstructions count
	// the whole module's instructions executed by any path.
	FullBranches, PartialBranches, NumBranches int
	CoveredLines, TotalLines                   int
	CoveredInstructions, TotalInstructions     int
	UserTime, WallTime                         time.Duration
	States                                     int // states alive
	HeapBytes                                  uint64
	// Solver: facade queries and their time (SolverTime), queries that
	// reached an SMT backend and the time in that stage (QueryTime), the
	// counterexample cache's hits, misses and time, and the native
	// floating-point stage's queries, answers (sat or unsat) and time.
	Queries, SMTQueries         uint64
	SolverTime, QueryTime       time.Duration
	CexHits, CexMisses          uint64
	CexTime                     time.Duration
	NativeQueries, NativeSolved uint64
	NativeTime                  time.Duration
	SolverTimeouts              uint64
	Paths, Tests                int    // paths ended, tests written
	Forks                       uint64 // symbolic branches forked both ways
	// Final marks the last sample of the run.
	Final bool
}

// StatsRecorder receives the run's samples (Config.Stats).
type StatsRecorder interface {
	Record(StatsSample) error
}

// statsTracker is the executor's sampling state.
type statsTracker struct {
	started   bool
	lastTime  time.Time
	lastInstr uint64
	failed    bool // a Record error: sampling stopped, warned once
	total     int  // the module's instructions
}

// statsTick samples the counters when one is due (final: always).
func (e *Executor) statsTick(final bool) {
	t := &e.stracker
	if e.cfg.Stats == nil || t.failed {
		return
	}
	now := time.Now()
	due := final || !t.started
	if !due && e.cfg.StatsEvery > 0 && now.Sub(t.lastTime) >= e.cfg.StatsEvery {
		due = true
	}
	if !due && e.cfg.StatsEveryInstructions > 0 && e.instructions-t.lastInstr >= e.cfg.StatsEveryInstructions {
		due = true
	}
	if !due {
		return
	}
	t.started, t.lastTime, t.lastInstr = true, now, e.instructions
	if err := e.cfg.Stats.Record(e.statsSample(now, final)); err != nil {
		t.failed = true
		e.cfg.Log.WithError(err).Warn("run statistics: recording stopped")
	}
}

// statsSample collects the counters.
func (e *Executor) statsSample(now time.Time, final bool) StatsSample {
	st := e.solver.Stats()
	s := StatsSample{
		Instructions: e.instructions, WallTime: now.Sub(e.start), UserTime: userTime(),
		Queries: st.Queries, SMTQueries: st.SolverCalls, SolverTime: st.Time, QueryTime: st.Z3Time,
		CexHits: st.CexHits, SolverTimeouts: st.Timeouts, HeapBytes: heapBytes(), Final: final,
		Tests: e.testsWritten(), Forks: e.forks,
	}
	if e.search != nil {
		s.States = e.search.Len()
	}
	if e.res != nil {
		s.Paths = len(e.res.Paths)
	}
	for _, sg := range st.Stages {
		switch sg.Name {
		case "cexcache":
			s.CexTime = sg.Time
			if sg.Queries >= st.CexHits {
				s.CexMisses = sg.Queries - st.CexHits
			}
		case "native":
			s.NativeQueries, s.NativeSolved, s.NativeTime = sg.Queries, sg.Sat+sg.Unsat, sg.Time
		}
	}
	// Lines and branches of the program under test (coverage.go); the
	// instructions run at least once in the whole module, as KLEE's
	// CoveredInstructions.
	s.CoveredLines, s.TotalLines, s.FullBranches, s.PartialBranches, s.NumBranches = e.CoverageCounts()
	if e.cov != nil {
		s.CoveredInstructions = e.cov.n
		s.TotalInstructions = e.moduleInstructions()
	}
	return s
}

// moduleInstructions is the number of instructions of the module
// (counted once).
func (e *Executor) moduleInstructions() int {
	t := &e.stracker
	if t.total == 0 {
		for _, f := range e.m.Funcs {
			for bi := range f.Blocks {
				t.total += len(f.Blocks[bi].Insts)
			}
		}
	}
	return t.total
}

// userTime is the process's user CPU time.
func userTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano())
}

// heapBytes is the Go heap's live objects' size (runtime/metrics: no
// stop-the-world, unlike runtime.ReadMemStats).
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
