package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMaxTimeHolds: a query in flight at --max-time is interrupted and
// ends its path as a limit; exploration stops at the limit, the paths
// alive get their tests within --max-test-time, and summary.json is
// complete and marked incomplete. The bound is asserted generously (a
// shared machine), but far below the minutes the hard query takes.
func TestMaxTimeHolds(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	// The exploration stops half the test time before --max-time: 15s
	// leaves the cheap forks time on a loaded machine.
	const maxTime, testTime = 15 * time.Second, 2 * time.Second
	// The native FP solver's model search settles this query at once; the
	// test is about the SMT backends' deadline, so it is left out.
	// --search dfs: the hard query must be the one in flight at the
	// deadline, which the depth-first order guarantees (the default
	// random-path + nurs:covnew may finish the easy paths first and sit
	// between queries when the limit strikes).
	// The program is compiled first (compiledModule): --max-time counts
	// from the start, and on a loaded machine clang-14 alone can take
	// most of 8 s, leaving no time for the cheap forks this test needs.
	out, code := runCLI(t, "run", "--output-dir", dir, "--max-time", maxTime.String(), "--max-test-time", testTime.String(),
		"--presolver=off", "--search", "dfs", "--compiled", compiledModule(t, "testdata/hardquery.c"), "testdata/hardquery.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	s := readSummary(t, dir)
	// The summary's wall time includes compiling (about a second). The
	// bound is a generous multiple, so a loaded machine does not fail it:
	// twice the limits plus 10 s, still far below the minutes the hard
	// query takes when the deadline does not reach the solver.
	if limit := 2*(maxTime+testTime) + 10*time.Second; s.WallTime > limit.Seconds() {
		t.Errorf("run took %.1fs with --max-time %v --max-test-time %v", s.WallTime, maxTime, testTime)
	}
	if s.Complete {
		t.Error("a run cut off by --max-time is marked complete")
	}
	interrupted, tests := 0, 0
	for _, p := range s.Paths {
		if p.Termination.Kind != "limit" && p.Termination.Kind != "exit" {
			t.Errorf("path %d ended with %+v", p.ID, p.Termination)
		}
		if strings.Contains(p.Termination.Message, "time limit reached during a solver query") {
			interrupted++
		}
		if p.Test != "" {
			tests++
		}
	}
	if interrupted == 0 || len(s.Paths) < 3 || tests < len(s.Paths)-1 {
		t.Errorf("%d paths, %d interrupted in a query, %d tests: want the query interrupted and tests for the paths alive:\n%+v",
			len(s.Paths), interrupted, tests, s.Paths)
	}
	var interrupts uint64
	for _, st := range s.SolverStages {
		interrupts += st.Interrupts
	}
	if interrupts == 0 {
		t.Errorf("no solver interrupt in the statistics: %+v", s.SolverStages)
	}
}

// compiledModule compiles and links prog once (a floatsym run of one
// instruction) and returns its assembly.ll, for a timed run given
// --compiled: such a run's --max-time is spent exploring, not compiling,
// whatever the machine's load.
func compiledModule(t *testing.T, prog string, flags ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "compile")
	args := append([]string{"run", "--output-dir", dir, "--max-instructions", "1"}, flags...)
	if out, code := runCLI(t, append(args, prog)...); code != 0 {
		t.Fatalf("compiling %s: exit %d: %s", prog, code, out)
	}
	return filepath.Join(dir, "assembly.ll")
}
