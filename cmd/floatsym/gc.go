package main

import (
	"os"
	"runtime/debug"
)

// gcPercent is floatsym's default for Go's GC target (GOGC). A run's live
// heap is small (states share memory copy-on-write, expressions are
// hash-consed) beside the garbage its solvers make (native search
// candidates, SMT-LIB text, models): at Go's default of 100 the collector
// runs every few MiB of allocation. At 400, solver/native's tests took
// 78.7 against 112.3 CPU-s (-30 %) with the same peak RSS (687 against
// 657 MiB), measured side by side on the project's 2-core machine
// (benchmarks/results/ci/gc.md).
const gcPercent = 400

// tuneGC sets the GC target unless the user set GOGC, and makes
// --max-memory (bytes, 0 = none) Go's soft memory limit too: near the
// limit the collector works harder, so garbage alone does not reach it
// and end states that fit.
func tuneGC(getenv func(string) string, maxMemory uint64) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if maxMemory > 0 && getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(min(maxMemory, 1<<62)))
	}
}

func tuneGCFromEnv(maxMemory uint64) { tuneGC(os.Getenv, maxMemory) }
