package main

import (
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/runstats"
	"github.com/spf13/pflag"
)

// run.stats for `floatsym run` (KLEE's --output-stats,
// --stats-write-interval, --stats-write-after-instructions): the
// executor samples its counters, these rows go to internal/runstats'
// database in the output directory.

type runStatsFlags struct {
	output     bool
	every      time.Duration
	everyInstr uint64
}

func addRunStatsFlags(fl *pflag.FlagSet, rs *runStatsFlags) {
	rs.every = time.Second
	fl.BoolVar(&rs.output, "output-stats", true, "write run.stats, the run's statistics over time (SQLite, KLEE's stats table; read by 'floatsym stats')")
	fl.Var(timeSpanFlag{&rs.every}, "stats-write-interval", "time between run.stats rows (KLEE time span; 0 = not by time); a last row is written at the end of the run")
	fl.Uint64Var(&rs.everyInstr, "stats-write-after-instructions", 0, "also write a run.stats row every this many instructions (0 = not by instructions)")
}

// runStatsOut is the run's run.stats writer (nil: none asked); its
// methods are no-ops on nil.
type runStatsOut struct{ w *runstats.Writer }

// startRunStats opens run.stats in the output directory and points the
// executor's sampling at it.
func startRunStats(rs runStatsFlags, out *executor.OutputDir, cfg *executor.Config) (*runStatsOut, error) {
	if !rs.output {
		return nil, nil
	}
	w, err := runstats.Create(out.Path)
	if err != nil {
		return nil, err
	}
	o := &runStatsOut{w: w}
	cfg.Stats, cfg.StatsEvery, cfg.StatsEveryInstructions = o, rs.every, rs.everyInstr
	return o, nil
}

// Record implements executor.StatsRecorder.
func (o *runStatsOut) Record(s executor.StatsSample) error { return o.w.Append(statsRow(s)) }

// commit renames run.stats into place.
func (o *runStatsOut) commit() error {
	if o == nil {
		return nil
	}
	return o.w.Commit()
}

// abort removes an uncommitted run.stats.
func (o *runStatsOut) abort() {
	if o != nil {
		o.w.Abort()
	}
}

// statsRow converts a sample into the table's units (µs, bytes).
func statsRow(s executor.StatsSample) runstats.Row {
	us := func(d time.Duration) int64 { return d.Microseconds() }
	return runstats.Row{
		Instructions: int64(s.Instructions), FullBranches: int64(s.FullBranches),
		PartialBranches: int64(s.PartialBranches), NumBranches: int64(s.NumBranches),
		UserTime: float64(s.UserTime.Microseconds()), NumStates: int64(s.States), MallocUsage: int64(s.HeapBytes),
		NumQueries: int64(s.Queries), NumQueryConstructs: int64(s.SMTQueries),
		WallTime: float64(s.WallTime.Microseconds()), CoveredInstructions: int64(s.CoveredInstructions),
		UncoveredInstructions: int64(s.TotalInstructions - s.CoveredInstructions),
		QueryTime:             us(s.QueryTime), SolverTime: us(s.SolverTime), CexCacheTime: us(s.CexTime),
		QueryCexCacheMisses: int64(s.CexMisses), QueryCexCacheHits: int64(s.CexHits), ArrayHashTime: -1,
		CoveredLines: int64(s.CoveredLines), TotalLines: int64(s.TotalLines),
		NativeQueries: int64(s.NativeQueries), NativeSolved: int64(s.NativeSolved), NativeTime: us(s.NativeTime),
		SolverTimeouts: int64(s.SolverTimeouts), Paths: int64(s.Paths), Tests: int64(s.Tests),
		Forks: int64(s.Forks),
	}
}
