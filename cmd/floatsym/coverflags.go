package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/floatsym/floatsym/internal/libbc"
	"github.com/spf13/pflag"
)

// Coverage and searcher flags that are floatsym's own (KLEE's spellings
// are in kleeflags.go).
func addCoverageFlags(fl *pflag.FlagSet, f *runFlags) {
	fl.BoolVar(&f.klee.coverageAll, "coverage-all", false,
		"count coverage (progress line, summary.json, coverage.info, run.istats) over every source file, "+
			"floatsym's C library and linked libraries (--lib) too; by default only the program under test")
	fl.BoolVar(&f.klee.opts.Batching, "use-batching-search", false,
		"keep running a picked state for --batch-instructions instructions or --batch-time, whichever ends first (KLEE's batching searcher)")
	fl.Uint64Var(&f.klee.opts.BatchInstructions, "batch-instructions", 10000, "instructions of a batch with --use-batching-search (0 = no bound)")
	f.klee.opts.BatchTime = 5 * time.Second
	fl.BoolVar(&f.klee.opts.ErrorSitesFirst, "error-sites-first", true,
		"run a state about to call an error function (assert's __assert_fail, abort, reach_error, klee_report_error) before any other, whatever --search: it ends at once with its report")
	fl.BoolVar(&f.klee.opts.UnorderedFirst, "fp-unordered-first", true,
		"after a branch on a floating-point comparison forks, run its unordered side (the false side of <, <=, ==: where a NaN goes) first, in dives bounded in instructions; not under --search dfs or bfs (executor/search_unordered.go)")
	fl.BoolVar(&f.klee.opts.DeferHard, "defer-hard-queries", true,
		"park a state whose branch query the native FP solver cannot decide within its work budget while other states run (at most 2^16 instructions), then ask the SMT solvers; not under --search dfs or bfs (executor/search_defer.go)")
	fl.Var(timeSpanFlag{&f.klee.opts.BatchTime}, "batch-time", "time of a batch with --use-batching-search (KLEE time span; 0 = no bound)")
}

// libDirs are the directories of the linked libraries' sources and
// builds: their files are not the program under test.
func libDirs(libs []*libbc.Library, args []string) []string {
	var dirs []string
	for _, l := range libs {
		dirs = append(dirs, l.SourceDirs()...) // the debug locations name the build directory
	}
	for _, a := range args {
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			if abs, err := filepath.Abs(a); err == nil {
				dirs = append(dirs, abs)
			}
		}
	}
	return dirs
}
